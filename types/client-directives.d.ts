/** The site's own island directive (src/islands/lib/interaction-directive.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
