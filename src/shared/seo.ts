/**
 * Structured data (schema.org JSON-LD) for the business and for articles.
 * Source: schema.org ProfessionalService and BlogPosting; facts from src/shared/company.ts.
 */
import { company } from './company.ts';

/** The business as a schema.org ProfessionalService, for every page. */
export function businessJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': new URL('/#business', siteUrl).href,
    name: company.legalName,
    url: new URL('/', siteUrl).href,
    telephone: company.phoneE164,
    email: company.email,
    foundingDate: String(company.foundingYear),
    areaServed: { '@type': 'State', name: company.areaServed },
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    priceRange: '$99-$500+',
    sameAs: Object.values(company.social),
  };
}

export interface ArticleFacts {
  title: string;
  excerpt: string;
  author: string;
  date: Date;
  url: string;
  tags: string[];
  category: string;
  /** Absolute URL of the post's picture (its Open Graph card, docs/product.md#og-images). */
  image: string;
}

/** One blog post as a schema.org BlogPosting. */
export function articleJsonLd(article: ArticleFacts, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.date.toISOString(),
    author: { '@type': 'Person', name: article.author },
    publisher: { '@id': new URL('/#business', siteUrl).href },
    mainEntityOfPage: article.url,
    image: article.image,
    keywords: article.tags.join(', '),
    articleSection: article.category,
  };
}
