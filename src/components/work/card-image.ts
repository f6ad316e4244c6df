/**
 * The image of a case study's card (docs/product.md#work, #performance): the widths of its
 * `srcset`, in px, and its encoding quality (0–100, sharp's scale).
 *
 * 720 px is the file a phone of 412 CSS px at a device pixel ratio of 1.75 picks (the card is
 * 380 px wide there), and at quality 40 that AVIF stays under 14,000 bytes: with its headers it
 * arrives in the first round trip of a new connection (TCP's initial window of ten 1,460-byte
 * segments, RFC 6928), a whole round trip sooner than at the default quality on a slow network.
 * The pictures are flat illustrations, for which the lower quality shows no visible loss at
 * card size. On /work the first card's image is the page's largest paint on a phone, preloaded
 * with these same settings.
 */
export const CARD_IMAGE = { widths: [640, 720, 960, 1280], quality: 40 } as const;
