import { expect, type Page } from '@playwright/test';

/**
 * The path of every page the running server's sitemap lists, sorted (read from the server, so a
 * new page is covered without touching the tests that use this).
 */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const locs = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  };
  const paths = (await Promise.all((await locs('/sitemap-index.xml')).map(locs))).flat();
  expect(paths, 'pages in the sitemap').toContain('/');
  return paths.sort();
}
