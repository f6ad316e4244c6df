/**
 * zod, set up for this site: `jitless`, so it never compiles parsers with `new Function`. Our
 * Content-Security-Policy has no 'unsafe-eval' (docs/decisions/0003), and zod's probe for it
 * made browsers report a CSP violation on every page that builds an object schema. Every
 * shared schema imports `z` from here, so the setting is in place before any schema exists.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
