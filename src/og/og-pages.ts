/**
 * The Open Graph registry (docs/product.md#og-images): which card (eyebrow and title, drawn by
 * ./og-image.tsx) each page path gets, and where its PNG lives. The one place to touch when a
 * page is added:
 *
 * - a single page: one line in PAGE_CARDS, e.g. `'/work': { eyebrow: 'Our work', title: '…' },`
 * - the pages of a collection: one line in collectionCards(), e.g.
 *   `...(await getCollection('work')).map((item): Entry => [`/work/${item.id}`, { eyebrow: 'Case study', title: item.data.title }]),`
 *
 * src/pages/og/[...slug].png.ts draws one PNG per entry (and the site's card); BaseLayout points
 * each page's og:image at its own (ogImageFor). A page that search engines may index and that has
 * no entry fails the build with a message naming this file; pages marked `noindex` share the
 * site's card.
 */
import { getCollection } from 'astro:content';
import { company } from '../shared/company.ts';
import type { OgCard } from './og-card.ts';

type Entry = [path: string, card: OgCard];

/** The pages that are not from a collection, by path (no trailing slash). */
const PAGE_CARDS: Record<string, OgCard> = {
  '/': { eyebrow: 'Web design in Delaware', title: 'Websites that work as hard as your business does' },
  '/about': { eyebrow: 'About us', title: 'A Delaware web studio built for small businesses' },
  '/pricing': { eyebrow: 'Pricing', title: 'Simple, honest pricing: a complete website for $99 a month' },
  '/awards': { eyebrow: 'Awards & recognition', title: 'Recognised for websites that work' },
  '/blog': { eyebrow: 'Blog', title: 'Web advice for Delaware small businesses' },
  '/work': { eyebrow: 'Our work', title: 'Websites that bring in real business' },
  '/website-audit': { eyebrow: 'Free tool', title: 'Free Website Audit: security, SEO, accessibility and speed' },
  '/bug-bounty-toolkit': { eyebrow: 'Free security tool', title: 'Bug Bounty Toolkit' },
  '/verify': { eyebrow: 'Signed agreements', title: 'Verify a signed agreement: issued by us, unchanged' },
  '/privacy-policy': { eyebrow: 'Legal', title: 'Privacy Policy' },
  '/terms-of-service': { eyebrow: 'Legal', title: 'Terms of Service' },
};

/** The pages made from collections: one line per collection. */
async function collectionCards(): Promise<Entry[]> {
  return [
    ...(await getCollection('blog')).map((post): Entry => [
      `/blog/${post.id}`,
      { eyebrow: `Blog · ${post.data.category}`, title: post.data.title },
    ]),
    ...(await getCollection('work')).map((item): Entry => [
      `/work/${item.id}`,
      { eyebrow: `Case study · ${item.data.client}`, title: item.data.title },
    ]),
  ];
}

/** The card of pages without their own (those marked noindex): the agency itself. */
const SITE_CARD: OgCard = {
  eyebrow: `${company.address.city}, Delaware · Since ${company.foundingYear}`,
  title: 'Web design, hosting and security for small businesses',
};
/** The site card's file name, /og/site.png. */
const SITE_SLUG = 'site';

let registry: Promise<Map<string, OgCard>> | undefined;

/** Every page's card, by path: PAGE_CARDS and the collections' pages (read once per build). */
function ogCards(): Promise<Map<string, OgCard>> {
  registry ??= collectionCards().then((entries) => new Map([...Object.entries(PAGE_CARDS), ...entries]));
  return registry;
}

/** A page path without its trailing slash ('/about/' → '/about'; '/' stays). */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The file name of a page's card under /og/, without '.png': '/' → 'index', '/blog/x' → 'blog/x'. */
function ogSlug(path: string): string {
  return normalise(path) === '/' ? 'index' : normalise(path).slice(1);
}

/** Every PNG to draw: each page's card under its slug, and the site card. */
export async function ogImages(): Promise<{ slug: string; card: OgCard }[]> {
  const cards = [...(await ogCards())].map(([path, card]) => ({ slug: ogSlug(path), card }));
  return [...cards, { slug: SITE_SLUG, card: SITE_CARD }];
}

/**
 * The og:image of the page at `pathname`: its PNG's path (relative to the site) and the image's
 * text alternative. `indexable` pages must have a card: without one this throws, naming the
 * registry, so a new public page cannot ship with another page's image.
 */
export async function ogImageFor(pathname: string, indexable: boolean): Promise<{ path: string; alt: string }> {
  const card = indexable ? (await ogCards()).get(normalise(pathname)) : SITE_CARD;
  if (!card) {
    throw new Error(
      `The page ${pathname} has no Open Graph card: add it to src/og/og-pages.ts (docs/product.md#og-images).`,
    );
  }
  const slug = card === SITE_CARD ? SITE_SLUG : ogSlug(pathname);
  return { path: `/og/${slug}.png`, alt: `${card.eyebrow}: ${card.title}, ${company.name}` };
}
