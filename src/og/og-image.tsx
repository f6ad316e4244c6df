/**
 * The Open Graph card of a page (docs/product.md#og-images): a 1200 × 630 PNG with the page's
 * eyebrow (its section), its title, the agency's mark and name and its tagline, in the brand's
 * colours (src/styles/theme.css). Laid out by satori (JSX → SVG, text drawn as paths),
 * rasterised by resvg and compressed by sharp, at build time only: src/pages/og/[...slug].png.ts calls it for every
 * card of src/og/og-pages.ts.
 *
 * The font is Inter (SIL Open Font License 1.1), read from the @fontsource/inter package: nothing
 * is fetched. Its Latin subset covers English text and typographic punctuation; a character
 * outside it is drawn as a blank.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { company } from '../shared/company.ts';
import { OG_HEIGHT, OG_WIDTH, type OgCard } from './og-card.ts';

const require = createRequire(import.meta.url);
/** Inter SemiBold and ExtraBold (WOFF: satori reads TTF, OTF and WOFF, not WOFF2). */
const FONT_FILES = {
  600: require.resolve('@fontsource/inter/files/inter-latin-600-normal.woff'),
  800: require.resolve('@fontsource/inter/files/inter-latin-800-normal.woff'),
} as const;
let fonts: Promise<{ name: string; data: Buffer; weight: 600 | 800; style: 'normal' }[]> | undefined;

/** The fonts, read once per process. */
function loadFonts() {
  fonts ??= Promise.all(
    ([600, 800] as const).map(async (weight) => ({
      name: 'Inter',
      data: await readFile(FONT_FILES[weight]),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

/** Title size in px by length, so that any title up to ~100 characters fits in three lines. */
function titleSize(title: string): number {
  if (title.length <= 32) return 76;
  if (title.length <= 56) return 64;
  if (title.length <= 80) return 56;
  return 50;
}

const C = {
  white: '#ffffff',
  brand200: '#bfdbfe',
  brand500: '#3b82f6',
  brand700: '#1d4ed8',
  brand800: '#1e40af',
  ink900: '#0f172a',
  accent400: '#fbbf24',
};

/** The card as satori's JSX (flexbox only, every multi-child div with display: flex). */
function Card({ eyebrow, title }: OgCard) {
  const ring = (size: number, top: number, right: number, opacity: number) => (
    <div
      style={{
        position: 'absolute',
        top,
        right,
        width: size,
        height: size,
        borderRadius: size,
        border: `2px solid rgba(255,255,255,${opacity})`,
      }}
    />
  );
  return (
    <div
      style={{
        width: OG_WIDTH,
        height: OG_HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        fontFamily: 'Inter',
        color: C.white,
        backgroundColor: C.brand800,
        backgroundImage: `radial-gradient(circle at 88% 12%, rgba(59,130,246,0.75), rgba(59,130,246,0) 45%), linear-gradient(135deg, ${C.brand700} 0%, ${C.brand800} 55%, ${C.ink900} 100%)`,
        position: 'relative',
      }}
    >
      <svg
        width={OG_WIDTH}
        height={OG_HEIGHT}
        viewBox={`0 0 ${OG_WIDTH} ${OG_HEIGHT}`}
        style={{ position: 'absolute', top: 0, left: 0 }}
      >
        <defs>
          <pattern id="dots" width="36" height="36" patternUnits="userSpaceOnUse">
            <circle cx="18" cy="18" r="2" fill="#ffffff" fillOpacity="0.16" />
          </pattern>
        </defs>
        <rect width={OG_WIDTH} height={OG_HEIGHT} fill="url(#dots)" />
      </svg>
      {ring(520, -200, -140, 0.1)}
      {ring(360, -120, -60, 0.08)}

      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="64" height="64" viewBox="0 0 64 64">
          <rect width="64" height="64" rx="14" fill={C.white} />
          <path d="M18 16h26v8H27v6h15v8H27v10h-9z" fill={C.brand700} />
          <circle cx="47" cy="45" r="5" fill={C.accent400} />
        </svg>
        <div style={{ fontSize: 32, fontWeight: 800, letterSpacing: -0.5 }}>{company.name}</div>
      </div>

      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 28 }}>
        <div
          style={{
            backgroundColor: C.accent400,
            color: C.ink900,
            fontSize: 24,
            fontWeight: 800,
            letterSpacing: 2,
            textTransform: 'uppercase',
            padding: '10px 22px',
            borderRadius: 999,
          }}
        >
          {eyebrow}
        </div>
        <div
          style={{
            fontSize: titleSize(title),
            fontWeight: 800,
            lineHeight: 1.1,
            letterSpacing: -1.5,
            maxWidth: 1000,
          }}
        >
          {title}
        </div>
      </div>

      <div style={{ display: 'flex', alignItems: 'center', gap: 18, fontSize: 26, fontWeight: 600, color: C.brand200 }}>
        <div style={{ width: 48, height: 6, borderRadius: 3, backgroundColor: C.accent400 }} />
        {company.tagline}
      </div>
    </div>
  );
}

/**
 * The PNG of one card: OG_WIDTH × OG_HEIGHT px, 8-bit RGB. Rejects when satori, resvg or sharp
 * fail (for example on an unreadable font file).
 */
export async function renderOgImage(card: OgCard): Promise<Uint8Array> {
  const svg = await satori(<Card {...card} />, { width: OG_WIDTH, height: OG_HEIGHT, fonts: await loadFonts() });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
  // resvg writes RGBA with light compression; the card is opaque, and sharp (astro:assets' own
  // encoder) stores it as RGB at full zlib compression: about 45 % smaller, losslessly, in ~60 ms.
  return new Uint8Array(await sharp(png).removeAlpha().png({ compressionLevel: 9 }).toBuffer());
}
