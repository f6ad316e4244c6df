/** The site's own island directive (src/islands/lib/interaction-directive.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** `true`, or window event names (comma-separated) that also start the hydration. */
    'client:interaction'?: boolean | string;
  }
}
