// @ts-check
/**
 * Astro configuration (DESIGN.md section 1): the Node adapter, React islands, MDX, sitemap,
 * Tailwind 4 through Vite, and a Content-Security-Policy on every page.
 *
 * The policy reaches prebuilt pages as a <meta> element; `frame-ancestors`, which a <meta> cannot
 * carry, is sent as a header by the server entry (docs/decisions/0001-server-entry.md).
 *
 * Build-time settings (they are baked into the prebuilt pages; `npm start` rebuilds when they
 * change): SITE_URL, PUBLIC_ANALYTICS_SCRIPT_URL, PUBLIC_ANALYTICS_SITE_ID, and the RETENTION_*
 * periods the Privacy Policy states (src/components/pages/RetentionPeriods.astro).
 */
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, sharpImageService } from 'astro/config';
import { serverEntry } from './scripts/server-entry-integration.mjs';
import { isPrivatePage } from './src/shared/private-pages.ts';

const site = process.env.SITE_URL || 'http://localhost:4321';
const analyticsUrl = process.env.PUBLIC_ANALYTICS_SCRIPT_URL || '';
const analyticsOrigin = analyticsUrl ? new URL(analyticsUrl).origin : '';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
    mdx(),
    sitemap({ filter: (page) => !isPrivatePage(new URL(page).pathname) }),
    serverEntry(),
    {
      // `client:interaction`: hydrate at the first interaction (src/islands/lib/interaction-directive.ts).
      name: 'interaction-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interaction', entrypoint: './src/islands/lib/interaction-directive.ts' }),
      },
    },
  ],
  build: {
    serverEntry: 'astro-app.mjs',
    inlineStylesheets: 'auto',
  },
  markdown: { syntaxHighlight: 'prism' },
  image: {
    // The case studies' mock-ups (src/assets/work/) and the blog covers (scripts/blog-covers.ts)
    // are SVG files drawn in this repository, rasterised to AVIF and WebP at build time; no SVG
    // from outside is ever processed (docs/decisions/0013-case-study-images.md,
    // docs/decisions/0014-build-time-images.md).
    dangerouslyProcessSVG: true,
    // AVIF at effort 2 instead of sharp's 4: the same file sizes for these flat drawings, about
    // six times faster to encode.
    service: sharpImageService({ avif: { effort: 2 } }),
  },
  security: {
    checkOrigin: true,
    csp: {
      directives: [
        "default-src 'self'",
        `img-src 'self' data:${analyticsOrigin ? ` ${analyticsOrigin}` : ''}`,
        `connect-src 'self'${analyticsOrigin ? ` ${analyticsOrigin}` : ''}`,
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // Radix (dialogs, selects, scroll lock) injects <style> elements at run time, which no hash
      // can cover; styles may be inline, scripts may not (docs/decisions/0003-csp-inline-styles.md).
      styleDirective: {
        resources: ["'self'", "'unsafe-inline'"],
      },
      scriptDirective: {
        resources: ["'self'", ...(analyticsOrigin ? [analyticsOrigin] : [])],
      },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          // Fewer, larger shared chunks for the browser: React in one file, the Radix parts that
          // dialogs need in another (the toast code stays apart, loaded with the first toast).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                priority: 2,
              },
              {
                name: 'radix',
                test: (id) =>
                  /node_modules[\\/](@radix-ui|radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/.test(
                    id,
                  ) && !/react-toast/.test(id),
                priority: 1,
              },
            ],
          },
        },
      },
    },
  },
});
