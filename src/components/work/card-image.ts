/**
 * The images of the case studies, on their cards and as a case study's hero (docs/product.md#work,
 * #performance): the widths of a card's `srcset`, in px, and each file's encoding quality (0–100,
 * sharp's scale).
 *
 * 720 px is the file a phone of 412 CSS px at a device pixel ratio of 1.75 picks (the picture is
 * 380 px wide there), and on /work and a case study that file is the page's largest paint. On a
 * phone's new connection it arrives alongside the stylesheet, the two sharing the bandwidth: on
 * Lighthouse's simulated slow 4G (1.6 Mbit/s, 150 ms round trips) about 10,200 bytes of each
 * arrive in the first round trip, headers included, and a larger image waits a whole round trip
 * more (measured: an image of 10,184 bytes painted at about 905 ms, one of 10,566 bytes at about
 * 1,055 ms). So the phone's files, 720 px and narrower, are encoded at quality 33, under 9,700 bytes
 * for every case study's picture; on a phone's dense screen each of their pixels is about half a
 * CSS pixel, where that quality shows only a softer texture. The wider files, which desktops show
 * near one image pixel per screen pixel, keep quality 40. Either way these flat illustrations stay
 * sharp at the size they are shown.
 */
export const CARD_IMAGE = {
  widths: [640, 720, 960, 1280],
  /** Quality of files wider than PHONE_MAX_WIDTH. */
  quality: 40,
  /** Quality of files of PHONE_MAX_WIDTH px and narrower. */
  phoneQuality: 33,
  phoneMaxWidth: 720,
} as const;

/**
 * The encoding quality of a case-study file `width` px wide (see CARD_IMAGE).
 * @param width in px
 * @returns 0–100
 */
export function cardImageQuality(width: number): number {
  return width <= CARD_IMAGE.phoneMaxWidth ? CARD_IMAGE.phoneQuality : CARD_IMAGE.quality;
}
