/**
 * /og/{slug}.png (docs/product.md#og-images): each page's Open Graph card, drawn at build time
 * from the registry (src/og/og-pages.ts) as a 1200 × 630 PNG. Nothing is drawn on request.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { OgCard } from '../../og/og-card.ts';
import { renderOgImage } from '../../og/og-image.tsx';
import { ogImages } from '../../og/og-pages.ts';

export const getStaticPaths = (async () =>
  (await ogImages()).map(({ slug, card }) => ({ params: { slug }, props: { card } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: OgCard }> = async ({ props }) =>
  new Response(Buffer.from(await renderOgImage(props.card)), { headers: { 'Content-Type': 'image/png' } });
