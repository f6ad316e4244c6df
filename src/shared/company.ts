/**
 * The agency's own facts, in one place: name, contact details and the plan it advertises.
 * Every page, the JSON-LD and the legal texts read these values.
 * Documented in docs/product.md#overview (the company facts) and docs/product.md#constants (the
 * $99 plan and its inclusions, emergency response times).
 */
export const company = {
  name: 'First State Web Studio',
  legalName: 'First State Web Studio LLC',
  legalSuffix: 'LLC',
  tagline: 'Websites for Delaware small businesses',
  phoneDisplay: '(302) 555-0147',
  phoneE164: '+13025550147',
  email: 'hello@firststatewebstudio.com',
  privacyEmail: 'privacy@firststatewebstudio.com',
  address: {
    street: '1000 N West Street, Suite 1200',
    city: 'Wilmington',
    region: 'DE',
    postalCode: '19801',
    country: 'US',
  },
  areaServed: 'Delaware',
  foundingYear: 2019,
  social: {
    linkedin: 'https://www.linkedin.com/company/first-state-web-studio',
    facebook: 'https://www.facebook.com/firststatewebstudio',
    instagram: 'https://www.instagram.com/firststatewebstudio',
  },
  reviewUrl: 'https://www.google.com/search?q=First+State+Web+Studio+reviews',
} as const;

/** The flat monthly plan (docs/product.md#constants): price in whole US dollars per month. */
export const plan = {
  priceUsdPerMonth: 99,
  commitment: '1 year commitment',
  inclusions: [
    'Your domain (.com, .net or .org)',
    'Hosting',
    'Unlimited revisions',
    'Unlimited email addresses',
    'SEO',
    '1 year commitment',
  ],
  promises: ['No hidden fees', 'No price increases'],
} as const;

/**
 * The two design packages of /pricing (docs/product.md#pricing): the page shows them, and the
 * proposal editor starts from them as templates (docs/product.md#proposals). `priceCents` is the
 * price the package starts at, in US cents.
 */
export const PRICING_PACKAGES = [
  {
    id: 'one-page',
    name: 'One-Page Design',
    prefix: 'One-time price',
    price: '$99',
    priceCents: 9_900,
    unit: 'flat',
    summary: 'A polished single page that tells customers who you are and how to reach you.',
    features: ['Single scrolling page', 'Mobile responsive', 'Basic contact form', '1-2 week turnaround'],
    popular: false,
  },
  {
    id: 'wordpress',
    name: 'Custom WordPress Website',
    prefix: 'Starting at',
    price: '$500',
    priceCents: 50_000,
    unit: '',
    summary: 'A complete website with room to grow, designed around your brand and easy to update.',
    features: [
      'Multiple pages',
      'Custom branded design',
      'Content management system (CMS)',
      'Search engine optimisation (SEO)',
      'Training and support',
      'Scalable as your business grows',
    ],
    popular: true,
  },
] as const;

/** Emergency response times and hotline availability (docs/product.md#constants). */
export const emergency = {
  hotline: '24/7',
  responseTimes: [
    { level: 'Critical', time: '15 minutes' },
    { level: 'Urgent', time: '1 hour' },
    { level: 'General', time: '4 hours' },
  ],
} as const;
