/**
 * The blog editor's draft (docs/product.md#blog-editor): its fields as typed, the values a new
 * draft starts with, and its schema. The schema checks the draft with the blog collection's own
 * frontmatter schema (src/shared/blog.ts), title and excerpt trimmed, so a generated file always
 * builds; each failing field gets the editor's message for it.
 */
import { BLOG_CATEGORIES, EXCERPT_GUIDANCE, blogPostSchema } from '../../shared/blog.ts';
import { z } from '../../shared/zod.ts';

const DEFAULT_AUTHOR = 'First State Web Studio Team';
const DEFAULT_READ_TIME = '5 min read';

/** The editor's message for each frontmatter field the collection's schema can refuse. */
export const DRAFT_MESSAGES = {
  title: 'Enter a title of at most 90 characters',
  excerpt: `Enter an excerpt of at most ${EXCERPT_GUIDANCE} characters`,
  author: 'Enter an author',
  readTime: "Write the read time like '5 min read'",
  tags: 'Add at least one tag',
  date: 'Enter a publish date',
} as const;

const isMessageField = (field: PropertyKey | undefined): field is keyof typeof DRAFT_MESSAGES =>
  typeof field === 'string' && field in DRAFT_MESSAGES;

export const draftSchema = z
  .object({
    title: z.string(),
    excerpt: z.string(),
    content: z.string(),
    category: z.enum(BLOG_CATEGORIES),
    author: z.string(),
    readTime: z.string(),
    tags: z.array(z.string()),
    featured: z.boolean(),
    /** The publication date, 'YYYY-MM-DD'. */
    date: z.string(),
  })
  .superRefine((draft, ctx) => {
    const checked = blogPostSchema.safeParse({ ...draft, title: draft.title.trim(), excerpt: draft.excerpt.trim() });
    if (checked.success) return;
    const fields = new Set(checked.error.issues.map((issue) => issue.path[0]).filter(isMessageField));
    for (const field of fields) ctx.addIssue({ code: 'custom', path: [field], message: DRAFT_MESSAGES[field] });
  });

export type Draft = z.infer<typeof draftSchema>;

/** A new draft: empty text, the first category, the default author and read time, dated today. */
export function newDraft(today = new Date()): Draft {
  return {
    title: '',
    excerpt: '',
    content: '',
    category: BLOG_CATEGORIES[0],
    author: DEFAULT_AUTHOR,
    readTime: DEFAULT_READ_TIME,
    tags: [],
    featured: false,
    date: today.toISOString().slice(0, 10),
  };
}

/**
 * Adds `typed` to `tags` by the editor's rules: trimmed, not empty, not already there in any
 * letter case. Returns the new list, or the message to show under the field.
 */
export function addTag(tags: readonly string[], typed: string): { tags: string[] } | { problem: string } {
  const value = typed.trim();
  if (!value) return { problem: 'Type a tag first' };
  if (tags.some((t) => t.toLowerCase() === value.toLowerCase())) return { problem: 'That tag is already there' };
  return { tags: [...tags, value] };
}
