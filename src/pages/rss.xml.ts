/**
 * /rss.xml: the blog as an RSS 2.0 feed (docs/product.md#blog), newest first, one item per post with its
 * title, date, excerpt, link and categories (the post's category, then its tags).
 */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getCollection } from 'astro:content';
import { sortNewestFirst } from '../islands/blog/filter.ts';
import { company } from '../shared/company.ts';

export async function GET(context: APIContext) {
  if (!context.site) throw new Error('rss.xml needs `site` in astro.config.mjs');
  const posts = sortNewestFirst((await getCollection('blog')).map((post) => ({ ...post, date: post.data.date })));
  return rss({
    title: `${company.name} Blog`,
    description: `Web design, development, security and marketing advice for Delaware small businesses from ${company.legalName}.`,
    site: context.site,
    items: posts.map((post) => ({
      title: post.data.title,
      pubDate: post.data.date,
      description: post.data.excerpt,
      link: `/blog/${post.id}`,
      categories: [post.data.category, ...post.data.tags],
      author: `${company.email} (${post.data.author})`,
    })),
    customData: '<language>en-us</language>',
    trailingSlash: false,
  });
}
