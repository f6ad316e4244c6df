/**
 * What an Open Graph card shows and its size (docs/product.md#og-images), apart from the drawing
 * code (./og-image.tsx) so that pages can read the size without loading satori and resvg.
 */

/** The card's size in px: the size Facebook, LinkedIn and X show large. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

export interface OgCard {
  /** A short section name shown above the title ('Blog · Security', 'About us'). */
  eyebrow: string;
  /** The page's heading; up to about 100 characters fit. */
  title: string;
}
