/** The SEO, accessibility, mobile and performance checks, 50 points; see checks.ts for the scale. */
import { full, header, type CheckDef } from './check-types.ts';

export const CONTENT_CHECKS: CheckDef[] = [
  {
    id: 'title',
    category: 'SEO',
    label: 'A title of 10 to 70 characters',
    points: 5,
    severity: 'high',
    run: (_page, $) => {
      const title = $('head > title').first().text().trim();
      if (title.length >= 10 && title.length <= 70) return full(5);
      const advice = {
        impact: 'The title is the headline of your result in search engines and the name of the browser tab.',
        recommendation: 'Write a unique title of 10 to 70 characters naming the page and your business.',
      };
      if (title) return { earned: 3, message: `The title is ${title.length} characters long.`, ...advice };
      return { earned: 0, message: 'The page has no title.', ...advice };
    },
  },
  {
    id: 'description',
    category: 'SEO',
    label: 'A meta description of 50 to 160 characters',
    points: 5,
    severity: 'medium',
    run: (_page, $) => {
      const text = ($('meta[name="description"]').attr('content') ?? '').trim();
      if (text.length >= 50 && text.length <= 160) return full(5);
      const advice = {
        impact: 'Search engines show it under your title; without a good one they pick a random sentence.',
        recommendation: 'Add a meta description of 50 to 160 characters that invites the click.',
      };
      if (text) return { earned: 3, message: `The meta description is ${text.length} characters long.`, ...advice };
      return { earned: 0, message: 'No meta description.', ...advice };
    },
  },
  {
    id: 'canonical',
    category: 'SEO',
    label: 'A canonical link',
    points: 3,
    severity: 'low',
    run: (_page, $) =>
      $('link[rel="canonical"]').attr('href')
        ? full(3)
        : {
            earned: 0,
            message: 'No canonical link.',
            impact: 'Search engines may split your ranking between duplicate addresses of the same page.',
            recommendation: 'Add <link rel="canonical"> with the preferred address of each page.',
          },
  },
  {
    id: 'open-graph',
    category: 'SEO',
    label: 'Open Graph title, description and image',
    points: 4,
    severity: 'low',
    run: (_page, $) => {
      const present = ['og:title', 'og:description', 'og:image'].filter((p) =>
        $(`meta[property="${p}"]`).attr('content'),
      );
      if (present.length === 3) return full(4);
      return {
        earned: present.length > 0 ? 2 : 0,
        message: `Open Graph tags missing: ${['og:title', 'og:description', 'og:image'].filter((p) => !present.includes(p)).join(', ')}.`,
        impact: 'Shared links on social networks and messengers show without a proper title, text or picture.',
        recommendation: 'Add og:title, og:description and a 1200×630 og:image to every page.',
      };
    },
  },
  {
    id: 'h1',
    category: 'SEO',
    label: 'Exactly one h1 heading',
    points: 4,
    severity: 'medium',
    run: (_page, $) => {
      const count = $('h1').length;
      if (count === 1) return full(4);
      return {
        earned: count > 1 ? 2 : 0,
        message: count === 0 ? 'The page has no h1 heading.' : `The page has ${count} h1 headings.`,
        impact: 'Search engines and screen-reader users rely on one main heading to know what the page is about.',
        recommendation: 'Give each page exactly one h1 that says what it is about.',
      };
    },
  },
  {
    id: 'lang',
    category: 'Accessibility',
    label: 'The page language is declared',
    points: 4,
    severity: 'medium',
    run: (_page, $) =>
      ($('html').attr('lang') ?? '').trim()
        ? full(4)
        : {
            earned: 0,
            message: 'The html element has no lang attribute.',
            impact: 'Screen readers may read the page with the wrong pronunciation (WCAG 3.1.1).',
            recommendation: 'Add lang="en" (or your language) to the html element.',
          },
  },
  {
    id: 'image-alt',
    category: 'Accessibility',
    label: 'Every image has an alt attribute',
    points: 5,
    severity: 'medium',
    run: (_page, $) => {
      const missing = $('img').filter((_, img) => $(img).attr('alt') === undefined).length;
      return missing === 0
        ? full(5)
        : {
            earned: 0,
            message: `${missing} image${missing === 1 ? '' : 's'} without an alt attribute.`,
            impact:
              'Blind visitors hear nothing useful for these images, and search engines cannot index them (WCAG 1.1.1).',
            recommendation: 'Describe each meaningful image in its alt text; give decorative ones alt="".',
          };
    },
  },
  {
    id: 'viewport',
    category: 'Mobile',
    label: 'A mobile viewport',
    points: 5,
    severity: 'high',
    run: (_page, $) =>
      /width\s*=\s*device-width/i.test($('meta[name="viewport"]').attr('content') ?? '')
        ? full(5)
        : {
            earned: 0,
            message: 'No viewport meta tag with width=device-width.',
            impact: 'Phones show the page zoomed out like a desktop site; search engines rank it lower on mobile.',
            recommendation: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
          },
  },
  {
    id: 'html-weight',
    category: 'Performance',
    label: 'HTML of at most 100 KB',
    points: 5,
    severity: 'low',
    run: (page) => {
      const kb = Math.round(page.bodyBytes / 1024);
      if (page.bodyBytes <= 100 * 1024) return full(5);
      return {
        earned: page.bodyBytes <= 300 * 1024 ? 3 : 0,
        message: `The HTML weighs ${kb} KB.`,
        impact: 'Heavy HTML takes longer to download and parse, above all on phones.',
        recommendation: 'Move inline data, styles and scripts out of the HTML and remove unused markup.',
      };
    },
  },
  {
    id: 'compression',
    category: 'Performance',
    label: 'The HTML is compressed',
    points: 5,
    severity: 'medium',
    run: (page) =>
      page.bodyBytes <= 1024 || /gzip|br|deflate|zstd/i.test(header(page, 'content-encoding'))
        ? full(5)
        : {
            earned: 0,
            message: 'The HTML is sent without compression.',
            impact: 'Uncompressed pages take several times longer to download.',
            recommendation: 'Turn on gzip or Brotli compression on the web server.',
          },
  },
  {
    id: 'response-time',
    category: 'Performance',
    label: 'The server answers within 800 ms',
    points: 5,
    severity: 'low',
    run: (page) => {
      if (page.responseMs <= 800) return full(5);
      return {
        earned: page.responseMs <= 1800 ? 3 : 0,
        message: `The server took ${page.responseMs} ms to answer.`,
        impact: 'A slow first answer delays everything else on the page.',
        recommendation: 'Cache pages, use a faster host or a CDN, and check slow database queries.',
      };
    },
  },
];
