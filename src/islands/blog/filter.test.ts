import { describe, expect, it } from 'vitest';
import {
  ALL_CATEGORIES,
  featuredPosts,
  filterPosts,
  landingFeatured,
  matchesSearch,
  normalizeText,
  parseCategory,
  searchTerms,
  showFeaturedSection,
  sortNewestFirst,
  type FilterablePost,
} from './filter.ts';

const post = (over: Partial<FilterablePost> & { title: string }): FilterablePost => ({
  excerpt: '',
  tags: [],
  category: 'Design',
  featured: false,
  date: '2026-01-01T00:00:00.000Z',
  ...over,
});

const homepage = post({
  title: 'What Makes a Small-Business Homepage Actually Convert',
  excerpt: 'A clear offer, a phone number you can tap, and a layout built for phones first.',
  tags: ['Homepage Design', 'Conversion', 'Mobile First', 'Small Business'],
  category: 'Design',
  date: '2026-06-16T00:00:00.000Z',
});
const seo = post({
  title: 'Local SEO for Delaware Businesses: A Practical Guide',
  excerpt: 'Your Google Business Profile, reviews, consistent contact details, and local pages.',
  tags: ['Local SEO', 'Google Business Profile', 'Online Reviews', 'Delaware'],
  category: 'Marketing',
  featured: true,
  date: '2026-11-03T00:00:00.000Z',
});
const security = post({
  title: 'A Ransomware and Website Security Checklist for Small Businesses',
  excerpt: 'Backups, updates, multi-factor login, and a plan for the first hour of an incident.',
  tags: ['Ransomware', 'Backups', 'MFA', 'Incident Response', 'Checklist'],
  category: 'Security',
  date: '2026-10-06T00:00:00.000Z',
});
const posts = [homepage, seo, security];

describe('normalizeText and searchTerms', () => {
  it('lower-cases, trims, collapses spaces and drops accents', () => {
    expect(normalizeText('  Café   WEB\tDesign ')).toBe('cafe web design');
  });
  it('splits a query into words and treats a blank query as no search', () => {
    expect(searchTerms('  Local   SEO ')).toEqual(['local', 'seo']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  it('matches a word of the title, case-insensitively', () => {
    expect(matchesSearch(homepage, 'HOMEPAGE')).toBe(true);
    expect(matchesSearch(homepage, 'convert')).toBe(true);
  });
  it('matches a word of the excerpt', () => {
    expect(matchesSearch(seo, 'consistent')).toBe(true);
    expect(matchesSearch(security, 'Multi-Factor')).toBe(true);
  });
  it('matches a tag, including tags the card does not show', () => {
    expect(matchesSearch(security, 'mfa')).toBe(true);
    expect(matchesSearch(security, 'checklist')).toBe(true);
    expect(matchesSearch(security, 'incident response')).toBe(true);
  });
  it('does not match the category, the author or unrelated words', () => {
    expect(matchesSearch(homepage, 'marketing')).toBe(false);
    expect(matchesSearch(homepage, 'zebra')).toBe(false);
  });
  it('needs every word of a multi-word query, each anywhere in the post', () => {
    expect(matchesSearch(seo, 'delaware reviews')).toBe(true);
    expect(matchesSearch(seo, 'delaware ransomware')).toBe(false);
  });
  it('matches everything for an empty or blank query', () => {
    expect(matchesSearch(homepage, '')).toBe(true);
    expect(matchesSearch(homepage, '  ')).toBe(true);
  });
});

describe('filterPosts', () => {
  it('keeps every post for All and no search', () => {
    expect(filterPosts(posts, { query: '', category: ALL_CATEGORIES })).toEqual(posts);
  });
  it('keeps one category', () => {
    expect(filterPosts(posts, { query: '', category: 'Security' })).toEqual([security]);
    expect(filterPosts(posts, { query: '', category: 'Business' })).toEqual([]);
  });
  it('combines the category and the search', () => {
    expect(filterPosts(posts, { query: 'small', category: ALL_CATEGORIES })).toEqual([homepage, security]);
    expect(filterPosts(posts, { query: 'small', category: 'Security' })).toEqual([security]);
    expect(filterPosts(posts, { query: 'small', category: 'Marketing' })).toEqual([]);
  });
  it('does not change the list it is given', () => {
    const copy = [...posts];
    filterPosts(posts, { query: 'seo', category: 'Marketing' });
    expect(posts).toEqual(copy);
  });
});

describe('showFeaturedSection', () => {
  it('shows only with the category All and an empty search', () => {
    expect(showFeaturedSection({ query: '', category: ALL_CATEGORIES })).toBe(true);
    expect(showFeaturedSection({ query: '   ', category: ALL_CATEGORIES })).toBe(true);
    expect(showFeaturedSection({ query: 'seo', category: ALL_CATEGORIES })).toBe(false);
    expect(showFeaturedSection({ query: '', category: 'Design' })).toBe(false);
    expect(showFeaturedSection({ query: 'seo', category: 'Marketing' })).toBe(false);
  });
});

describe('featuredPosts', () => {
  it('keeps the posts marked featured', () => {
    expect(featuredPosts(posts)).toEqual([seo]);
  });
});

describe('landingFeatured (docs/product.md#featured-articles)', () => {
  const dated = (title: string, date: string, featured = true) => post({ title, date, featured });
  it('gives the featured posts, newest first, at most three', () => {
    const list = [
      dated('Oldest', '2026-01-01'),
      dated('Not featured', '2026-12-01', false),
      dated('Newest', '2026-11-01'),
      dated('Second', '2026-10-01'),
      dated('Third', '2026-09-01'),
    ];
    expect(landingFeatured(list).map((p) => p.title)).toEqual(['Newest', 'Second', 'Third']);
  });
  it('gives nothing when no post is featured, so the section is left out', () => {
    expect(landingFeatured([dated('Plain', '2026-01-01', false)])).toEqual([]);
    expect(landingFeatured([])).toEqual([]);
  });
});

describe('sortNewestFirst', () => {
  it('orders by date, newest first, without changing the input', () => {
    expect(sortNewestFirst(posts)).toEqual([seo, security, homepage]);
    expect(posts[0]).toBe(homepage);
  });
  it('accepts Date objects and keeps same-day posts in their order', () => {
    const a = { id: 'a', date: new Date('2026-01-02') };
    const b = { id: 'b', date: new Date('2026-01-02') };
    const c = { id: 'c', date: new Date('2026-03-01') };
    expect(sortNewestFirst([a, b, c]).map((p) => p.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('parseCategory', () => {
  const categories = ['Design', 'Security'];
  it('accepts a known category and falls back to All', () => {
    expect(parseCategory('Security', categories)).toBe('Security');
    expect(parseCategory('security', categories)).toBe(ALL_CATEGORIES);
    expect(parseCategory('Nope', categories)).toBe(ALL_CATEGORIES);
    expect(parseCategory(null, categories)).toBe(ALL_CATEGORIES);
  });
});
