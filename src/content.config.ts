/**
 * Content collections, checked at build time (docs/product.md#records): the blog (with its
 * covers, docs/product.md#blog-covers), the legal pages, the case studies (docs/product.md#work),
 * and the site's static copy (team, awards, certifications, achievements,
 * testimonials, client logos, services, process steps, emergencies, pricing comparison).
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { blogCollectionSchema } from './shared/blog.ts';
import { RESULT_UNITS, WORK_SERVICES } from './shared/work.ts';

export { BLOG_CATEGORIES } from './shared/blog.ts';

const blog = defineCollection({
  loader: glob({ base: './src/content/blog', pattern: '**/*.mdx' }),
  schema: ({ image }) => blogCollectionSchema(image),
});

const legal = defineCollection({
  loader: glob({ base: './src/content/legal', pattern: '*.md' }),
  schema: z.object({
    title: z.string(),
    description: z.string().max(160),
    updated: z.coerce.date(),
  }),
});

/**
 * The case studies (docs/product.md#work): one MDX file per client, its body the story of what
 * was built. Images go through astro:assets (`image()`), each with its alt text.
 */
const work = defineCollection({
  loader: glob({ base: './src/content/work', pattern: '*.mdx' }),
  schema: ({ image }) => {
    const picture = z.object({ src: image(), alt: z.string().min(1).max(250) });
    return z.object({
      client: z.string().min(1),
      /** The page's headline (its h1); the client's name shows above it. */
      title: z.string().min(1).max(90),
      location: z.string().min(1),
      industry: z.string().min(1),
      services: z.array(z.enum(WORK_SERVICES)).min(1),
      year: z.number().int().min(2019),
      /** Cards and the page's meta description. */
      summary: z.string().min(50).max(160),
      problem: z.array(z.string().min(1)).min(1),
      /** What was built, as a checklist beside the story. */
      deliverables: z.array(z.string().min(1)).min(3).max(6),
      results: z
        .array(
          z.object({
            value: z.number().nonnegative(),
            unit: z.enum(RESULT_UNITS),
            label: z.string().min(1).max(80),
            /** The value before the project, in the same unit ("down from 7.9 s"). */
            from: z.number().nonnegative().optional(),
          }),
        )
        .min(2)
        .max(4),
      hero: picture,
      before: picture,
      after: picture,
      order: z.number().int(),
      /** Shown in the home page's Selected work section. */
      featured: z.boolean().default(false),
    });
  },
});

/** A JSON array file whose entries get ids from `key` (or their position when absent). */
function jsonList<T extends z.ZodType>(name: string, schema: T) {
  return defineCollection({
    loader: file(`./src/content/data/${name}.json`, {
      parser: (text) =>
        (JSON.parse(text) as unknown[]).map((entry, index) =>
          typeof entry === 'string'
            ? { id: String(index + 1), order: index, text: entry }
            : { id: String((entry as { id?: string }).id ?? index + 1), order: index, ...(entry as object) },
        ),
    }),
    schema,
  });
}

const ordered = { order: z.number().int() };

export const collections = {
  blog,
  legal,
  work,
  team: jsonList(
    'team',
    z.object({
      ...ordered,
      name: z.string(),
      role: z.string(),
      bio: z.string(),
      /** The portrait's hair length (docs/product.md#team-portraits); either when absent. */
      hair: z.enum(['long', 'short']).optional(),
    }),
  ),
  awards: jsonList(
    'awards',
    z.object({
      ...ordered,
      title: z.string(),
      organization: z.string(),
      year: z.number().int(),
      category: z.string(),
      description: z.string(),
      icon: z.enum(['trophy', 'award', 'medal', 'star', 'shield', 'zap']),
      featured: z.boolean(),
    }),
  ),
  certifications: jsonList(
    'certifications',
    z.object({ ...ordered, name: z.string(), issuer: z.string(), year: z.number().int(), description: z.string() }),
  ),
  achievements: jsonList(
    'achievements',
    z.object({ ...ordered, metric: z.string(), label: z.string(), description: z.string() }),
  ),
  testimonials: jsonList(
    'testimonials',
    z.object({
      ...ordered,
      quote: z.string(),
      name: z.string(),
      role: z.string(),
      business: z.string(),
      rating: z.literal(5),
    }),
  ),
  clients: jsonList(
    'clients',
    z.object({ ...ordered, name: z.string(), slug: z.string(), lines: z.tuple([z.string(), z.string()]).optional() }),
  ),
  services: jsonList(
    'services',
    z.object({
      ...ordered,
      title: z.string(),
      summary: z.string(),
      description: z.string(),
      timeline: z.string(),
      features: z.array(z.string()),
      process: z.array(z.object({ step: z.string(), detail: z.string() })),
      showPricing: z.boolean(),
    }),
  ),
  process: jsonList(
    'process',
    z.object({ ...ordered, step: z.number().int(), title: z.string(), description: z.string() }),
  ),
  emergencies: jsonList('emergencies', z.object({ ...ordered, text: z.string() })),
  comparison: jsonList(
    'comparison',
    z.object({ ...ordered, feature: z.string(), onePage: z.string(), wordpress: z.string() }),
  ),
};
