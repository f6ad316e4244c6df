/**
 * For the email tests only (it imports Vitest): that an HTML part loads nothing from anywhere (no
 * images, stylesheets, fonts or scripts), and the links it holds, read back as href and text.
 */
import { expect } from 'vitest';

/** Every `<a>` of `html`: its href (entities decoded) and its visible text (tags and comments removed). */
export function linksOf(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href = '', inner = '']) => ({
    href: decode(href),
    text: decode(
      inner
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<[^>]*>/g, '')
        .trim(),
    ),
  }));
}

function decode(value: string): string {
  return value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}

/**
 * Asserts that `html` is a self-contained, accessible email: `lang="en"`, a title, a preview line,
 * no image, no script, no stylesheet or font link, no CSS `url(` or `@import`, no `src=` at all,
 * and links only to `allowedHrefs`.
 */
export function expectSelfContained(html: string, allowedHrefs: string[]): void {
  expect(html).toMatch(/<html[^>]* lang="en"/);
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toContain('data-skip-in-text="true"');
  for (const forbidden of [/<img/i, /<script/i, /<link/i, /<iframe/i, /<style/i, /\ssrc=/i, /url\(/i, /@import/i]) {
    expect(html).not.toMatch(forbidden);
  }
  for (const { href } of linksOf(html)) expect(allowedHrefs).toContain(href);
}
