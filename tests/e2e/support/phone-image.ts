/**
 * The most a page's largest-paint image may weigh on a phone, in bytes
 * (src/components/work/card-image.ts, docs/product.md#performance): with its response headers
 * (about 432 bytes) it stays within the 10,220 bytes (seven 1,460-byte segments) that arrive in the
 * first round trip beside the page's stylesheet on Lighthouse's simulated slow 4G.
 */
export const PHONE_IMAGE_MAX_BYTES = 9_780;
