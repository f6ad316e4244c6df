/**
 * The team's illustrated portraits on /about (docs/product.md#team-portraits), drawn at build time
 * by DiceBear (@dicebear/core) in the "Notionists" style by Zoish (@dicebear/styles), which is
 * released under CC0 1.0: free for commercial use, no attribution required (credited in
 * README.md all the same). Each portrait is seeded by the person's name, so it stays the same
 * from build to build, on a background from the brand palette chosen by their place in the team.
 *
 * The picks below keep the look professional and friendly: smiling mouths, no hats, spiky hair,
 * beards, hand gestures or patterned and printed shirts; a member's `hair` in team.json picks
 * among long or short hairstyles, so a portrait can match the person it stands for.
 */
import { Avatar, Style } from '@dicebear/core';
import notionists from '@dicebear/styles/notionists.json' with { type: 'json' };
import { slug } from 'github-slugger';

const style = new Style(notionists);

/** Portrait backgrounds, in team order: brand-100, accent-300, brand-200, brand-300 (src/styles/theme.css). */
const BACKGROUNDS = ['dbeafe', 'fcd34d', 'bfdbfe', '93c5fd'];

type Components = typeof notionists.components;
type VariantOf<C extends keyof Components> = Extract<keyof Components[C]['variants'], string>;

/** A component's variants, less `except`. */
function variants<C extends keyof Components>(component: C, except: readonly string[] = []): VariantOf<C>[] {
  const names = Object.keys(notionists.components[component].variants) as VariantOf<C>[];
  return names.filter((name) => !except.includes(name));
}

const SMILES: VariantOf<'mouth'>[] = ['variant03', 'variant14', 'variant22', 'variant23', 'variant25', 'variant30'];
const PLAIN_CLOTHES = variants('clothes', [
  'variant01',
  'variant02',
  'variant03',
  'variant04',
  'variant06',
  'variant08',
  'variant12',
  'variant15',
  'variant17',
  'variant18',
  'variant22',
  'variant23',
  'variant24',
  'variant25',
]);
/** Long hairstyles; the rest are short. Hats and head coverings are never picked by chance. */
const LONG_HAIR: VariantOf<'hair'>[] = [
  'variant02',
  'variant04',
  'variant08',
  'variant10',
  'variant23',
  'variant28',
  'variant36',
  'variant37',
  'variant39',
  'variant41',
  'variant45',
  'variant46',
  'variant47',
  'variant48',
  'variant57',
  'variant58',
];
const HAIR = {
  long: LONG_HAIR,
  short: variants('hair', [
    'hat',
    'variant14',
    'variant50',
    'variant51',
    'variant53',
    'variant61',
    'variant62',
    'variant63',
    ...LONG_HAIR,
  ]),
};
const BROWS = variants('eyebrows', ['variant03']);

/** The file name of a member's portrait under /team/, without '.svg': 'Dana Whitaker' → 'dana-whitaker'. */
export function avatarSlug(name: string): string {
  return slug(name);
}

/** The address of a member's portrait: /team/{slug}.svg, made by src/pages/team/[member].svg.ts. */
export function avatarPath(name: string): string {
  return `/team/${avatarSlug(name)}.svg`;
}

/** A portrait's hair length (the team collection's optional `hair`); either when not given. */
export type HairLength = keyof typeof HAIR;

/**
 * A member's portrait as a standalone SVG document (a square, scalable, with DiceBear's licence
 * metadata), seeded by `name`, on the background for team position `order` (0-based), with
 * `hair` of that length when given.
 */
export function avatarSvg(name: string, order: number, hair?: HairLength): string {
  return new Avatar(style, {
    seed: name,
    backgroundColor: BACKGROUNDS[order % BACKGROUNDS.length],
    mouthVariant: SMILES,
    clothesVariant: PLAIN_CLOTHES,
    hairVariant: hair ? HAIR[hair] : [...HAIR.long, ...HAIR.short],
    eyebrowsVariant: BROWS,
    beardProbability: 0,
    gestureProbability: 0,
    clothesGraphicProbability: 0,
    glassesProbability: 25,
    // Head and shoulders fill the circle the page crops it to.
    scale: 1.18,
    translateY: 4,
  }).toString();
}
