/**
 * /team/{member}.svg (docs/product.md#team-portraits): each team member's illustrated portrait,
 * drawn at build time by DiceBear (src/components/pages/team-avatars.ts). Nothing is drawn on request.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { avatarSlug, avatarSvg, type HairLength } from '../../components/pages/team-avatars.ts';

export const getStaticPaths = (async () =>
  (await getCollection('team')).map(({ data }) => ({
    params: { member: avatarSlug(data.name) },
    props: { name: data.name, order: data.order, hair: data.hair },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ name: string; order: number; hair?: HairLength }> = ({ props }) =>
  new Response(avatarSvg(props.name, props.order, props.hair), { headers: { 'Content-Type': 'image/svg+xml' } });
