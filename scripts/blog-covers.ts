/**
 * Draws the blog's cover illustrations (docs/product.md#blog-covers) as SVG files in
 * src/content/blog/covers/: one per post, with a motif for its topic, and one per category,
 * the fallback of a post that names no cover. Every cover shares one frame (the brand's blue
 * gradient, a dot grid, soft rings and a glow) and one drawing kit (white cards with a soft
 * shadow, brand-blue bars, amber highlights), in the colours of src/styles/global.css.
 *
 * Usage: `npm run covers` (rewrites every file; the output depends on nothing but this script).
 * The files are committed; the build rasterises them to AVIF and WebP through astro:assets.
 * No <text>: a cover carries no words, so it needs no font and says nothing a screen reader misses.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The site's palette (src/styles/global.css). */
const C = {
  white: '#ffffff',
  brand50: '#eff6ff',
  brand100: '#dbeafe',
  brand200: '#bfdbfe',
  brand300: '#93c5fd',
  brand500: '#3b82f6',
  brand600: '#2563eb',
  brand700: '#1d4ed8',
  brand800: '#1e40af',
  ink950: '#020617',
  ink900: '#0f172a',
  ink800: '#1e293b',
  ink700: '#334155',
  accent400: '#fbbf24',
  accent300: '#fcd34d',
} as const;

/** Cover size in px: 16:9, large enough for a 2x hero on wide screens. */
const W = 1600;
const H = 900;

const OUT = join(import.meta.dirname, '..', 'src', 'content', 'blog', 'covers');

type Attrs = Record<string, string | number | undefined>;

function el(name: string, attrs: Attrs, children = ''): string {
  const list = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  return children ? `<${name} ${list}>${children}</${name}>` : `<${name} ${list}/>`;
}

/** A rounded rectangle. */
const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0, extra: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, rx: r || undefined, fill, ...extra });

/** A pill-shaped bar (text stand-in). */
const bar = (x: number, y: number, w: number, fill: string = C.brand100, h = 18) => rect(x, y, w, h, fill, h / 2);

const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...extra });

/** A stroked path with round ends. */
const stroke = (d: string, color: string, width: number, extra: Attrs = {}) =>
  el('path', {
    d,
    fill: 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...extra,
  });

const path = (d: string, fill: string, extra: Attrs = {}) => el('path', { d, fill, ...extra });

/** A card: a soft offset shadow, then the face. */
function card(x: number, y: number, w: number, h: number, fill: string = C.white, r = 28): string {
  return [rect(x + 10, y + 22, w, h, C.ink950, r, { opacity: 0.28 }), rect(x, y, w, h, fill, r)].join('');
}

/** A browser window: card, title bar with three dots. Returns the markup and the content's top. */
function browser(x: number, y: number, w: number, h: number): { svg: string; top: number } {
  const svg = [
    card(x, y, w, h),
    path(`M${x} ${y + 28}a28 28 0 0 1 28-28h${w - 56}a28 28 0 0 1 28 28v34h-${w}z`, C.brand50),
    circle(x + 34, y + 31, 9, C.accent400),
    circle(x + 62, y + 31, 9, C.brand300),
    circle(x + 90, y + 31, 9, C.brand200),
    bar(x + 130, y + 22, Math.min(320, w - 180), C.white),
  ].join('');
  return { svg, top: y + 62 };
}

/** A check mark inside a box of side `s` at (x, y). */
const check = (x: number, y: number, s: number, color: string, width: number) =>
  stroke(`M${x + s * 0.22} ${y + s * 0.52}l${s * 0.2} ${s * 0.2}l${s * 0.38}-${s * 0.42}`, color, width);

/** A five-pointed star centred on (cx, cy). */
function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return el('polygon', { points: points.join(' '), fill });
}

/** A shield outline path centred on cx, top at y, width w. */
function shieldPath(cx: number, y: number, w: number): string {
  const h = w * 1.18;
  const half = w / 2;
  return [
    `M${cx} ${y}`,
    `C${cx + half * 0.55} ${y + h * 0.1} ${cx + half * 0.85} ${y + h * 0.1} ${cx + half} ${y + h * 0.12}`,
    `V${y + h * 0.5}`,
    `C${cx + half} ${y + h * 0.78} ${cx + half * 0.45} ${y + h * 0.93} ${cx} ${y + h}`,
    `C${cx - half * 0.45} ${y + h * 0.93} ${cx - half} ${y + h * 0.78} ${cx - half} ${y + h * 0.5}`,
    `V${y + h * 0.12}`,
    `C${cx - half * 0.85} ${y + h * 0.1} ${cx - half * 0.55} ${y + h * 0.1} ${cx} ${y}`,
    'Z',
  ].join('');
}

/** A padlock: body at (x, y) of size w×h with its shackle above. */
function padlock(x: number, y: number, w: number, h: number, body: string, shackle: string): string {
  const r = w * 0.3;
  return [
    stroke(`M${x + w / 2 - r} ${y + 4}v-${r * 0.5}a${r} ${r} 0 0 1 ${2 * r} 0v${r * 0.5}`, shackle, w * 0.11),
    rect(x, y, w, h, body, w * 0.14),
    circle(x + w / 2, y + h * 0.42, w * 0.09, C.ink900),
    rect(x + w / 2 - w * 0.035, y + h * 0.45, w * 0.07, h * 0.3, C.ink900, w * 0.035),
  ].join('');
}

/** The shared frame: gradient, glow behind the motif, rings and a dot grid. */
function frame(motif: string, glow: { x: number; y: number } = { x: 800, y: 450 }): string {
  const defs = [
    el(
      'linearGradient',
      { id: 'bg', x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': C.brand700 }) +
        el('stop', { offset: 0.55, 'stop-color': C.brand800 }) +
        el('stop', { offset: 1, 'stop-color': C.ink900 }),
    ),
    el(
      'radialGradient',
      { id: 'glow', cx: 0.5, cy: 0.5, r: 0.5 },
      el('stop', { offset: 0, 'stop-color': C.brand500, 'stop-opacity': 0.75 }) +
        el('stop', { offset: 1, 'stop-color': C.brand500, 'stop-opacity': 0 }),
    ),
    el(
      'pattern',
      { id: 'dots', width: 40, height: 40, patternUnits: 'userSpaceOnUse' },
      circle(20, 20, 2.2, C.white, { opacity: 0.16 }),
    ),
  ].join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs>${defs}</defs>`,
    rect(0, 0, W, H, 'url(#bg)'),
    rect(0, 0, W, H, 'url(#dots)'),
    circle(glow.x, glow.y, 620, 'url(#glow)'),
    circle(1480, 120, 300, 'none', { stroke: C.white, 'stroke-opacity': 0.1, 'stroke-width': 2 }),
    circle(1480, 120, 210, 'none', { stroke: C.white, 'stroke-opacity': 0.08, 'stroke-width': 2 }),
    circle(90, 860, 260, 'none', { stroke: C.white, 'stroke-opacity': 0.08, 'stroke-width': 2 }),
    motif,
    '</svg>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Post motifs

/** A homepage in a browser and on a phone, its call-to-action button being clicked. */
function homepageMotif(): string {
  const b = browser(250, 150, 860, 580);
  const x = 250;
  const t = b.top;
  const hero = [
    // Site navigation
    rect(x + 40, t + 32, 44, 44, C.brand700, 12),
    bar(x + 100, t + 45, 120, C.brand200),
    bar(x + 520, t + 45, 80, C.brand100),
    bar(x + 620, t + 45, 80, C.brand100),
    rect(x + 720, t + 34, 100, 40, C.brand700, 20),
    // Headline, lead, button
    bar(x + 40, t + 130, 380, C.ink900, 34),
    bar(x + 40, t + 182, 300, C.ink900, 34),
    bar(x + 40, t + 246, 360, C.brand200),
    bar(x + 40, t + 278, 320, C.brand200),
    bar(x + 40, t + 310, 250, C.brand200),
    rect(x + 40, t + 370, 250, 72, C.accent400, 36),
    bar(x + 85, t + 397, 160, C.ink900),
    // Hero picture
    rect(x + 470, t + 120, 350, 330, C.brand100, 24),
    circle(x + 735, t + 190, 34, C.accent400),
    path(`M${x + 470} ${t + 410}l110-140l80 90l60-60l110 120v${-0}q0 40 -40 40h-280q-40 0 -40 -40z`, C.brand300),
  ].join('');
  const px = 1090;
  const py = 330;
  const phone = [
    rect(px + 8, py + 20, 250, 480, C.ink950, 44, { opacity: 0.3 }),
    rect(px, py, 250, 480, C.ink900, 44),
    rect(px + 16, py + 20, 218, 440, C.white, 30),
    rect(px + 95, py + 32, 60, 10, C.ink900, 5),
    bar(px + 40, py + 80, 150, C.ink900, 22),
    bar(px + 40, py + 114, 120, C.ink900, 22),
    bar(px + 40, py + 160, 160, C.brand200, 14),
    bar(px + 40, py + 184, 130, C.brand200, 14),
    rect(px + 40, py + 222, 150, 48, C.accent400, 24),
    rect(px + 40, py + 296, 170, 130, C.brand100, 18),
    circle(px + 170, py + 330, 16, C.accent400),
  ].join('');
  // A pointer clicking the button, with three short rays
  const cx = x + 250;
  const cy = t + 420;
  const pointer = [
    path(`M${cx} ${cy}l0 118l30-28l24 52l26-12l-24-50l42-2z`, C.white, {
      stroke: C.ink900,
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    }),
    stroke(`M${cx - 22} ${cy - 22}l-22-22`, C.white, 9),
    stroke(`M${cx} ${cy - 34}v-32`, C.white, 9),
    stroke(`M${cx + 22} ${cy - 22}l22-22`, C.white, 9),
  ].join('');
  return b.svg + hero + phone + pointer;
}

/** A month's calendar with the plan's days checked off, beside a dollar coin. */
function planMotif(): string {
  const x = 260;
  const y = 170;
  const w = 700;
  const h = 560;
  const cells: string[] = [];
  const checked = new Set([1, 3, 6, 9, 12, 15, 17, 20, 24, 26]);
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 7; col++) {
      const i = row * 7 + col;
      const cx = x + 40 + col * 90;
      const cy = y + 200 + row * 82;
      const highlight = i === 0;
      cells.push(rect(cx, cy, 78, 70, highlight ? C.accent400 : C.brand50, 14));
      if (highlight) cells.push(bar(cx + 16, cy + 26, 46, C.ink900, 18));
      else if (checked.has(i)) cells.push(check(cx + 14, cy + 10, 50, C.brand700, 9));
    }
  }
  const calendar = [
    card(x, y, w, h),
    path(`M${x} ${y + 28}a28 28 0 0 1 28-28h${w - 56}a28 28 0 0 1 28 28v122h-${w}z`, C.brand700),
    bar(x + 40, y + 60, 240, C.white, 30),
    bar(x + 40, y + 106, 150, C.brand300, 16),
    // Binder rings
    rect(x + 150, y - 30, 26, 70, C.ink900, 13),
    rect(x + w - 176, y - 30, 26, 70, C.ink900, 13),
    ...cells,
  ].join('');
  // Coin stack and a big coin with a dollar sign
  const coins: string[] = [];
  for (let i = 0; i < 4; i++) {
    const cy = 700 - i * 34;
    coins.push(el('ellipse', { cx: 1270, cy: cy + 14, rx: 120, ry: 40, fill: C.ink900, opacity: 0.35 }));
    coins.push(rect(1150, cy - 22, 240, 36, C.accent400));
    coins.push(el('ellipse', { cx: 1270, cy: cy + 14, rx: 120, ry: 40, fill: C.accent400 }));
    coins.push(el('ellipse', { cx: 1270, cy: cy - 22, rx: 120, ry: 40, fill: C.accent300 }));
  }
  const bx = 1130;
  const by = 330;
  const coin = [
    circle(bx + 10, by + 20, 150, C.ink950, { opacity: 0.28 }),
    circle(bx, by, 150, C.accent400),
    circle(bx, by, 118, 'none', { stroke: C.accent300, 'stroke-width': 14 }),
    stroke(
      `M${bx + 46} ${by - 52}c-14-22-40-30-66-28c-34 2-56 22-52 48c4 26 34 34 66 40c34 6 62 18 60 48c-2 30-34 46-68 44c-30-2-52-14-64-36`,
      C.ink900,
      22,
    ),
    stroke(`M${bx - 2} ${by - 110}v220`, C.ink900, 20),
  ].join('');
  const badge = [circle(1005, 700, 56, C.brand500), check(969, 664, 72, C.white, 12)].join('');
  return calendar + coins.join('') + coin + badge;
}

/** A town map with a location pin, a local search box and a row of review stars. */
function localSeoMotif(): string {
  const x = 230;
  const y = 230;
  const w = 820;
  const h = 520;
  const map = [
    card(x, y, w, h, C.brand50),
    el('clipPath', { id: 'map' }, rect(x, y, w, h, C.white, 28)),
    `<g clip-path="url(#map)">`,
    // River, parks, blocks
    stroke(
      `M${x - 20} ${y + 420}C${x + 200} ${y + 330} ${x + 320} ${y + 520} ${x + 560} ${y + 440}S${x + 780} ${y + 300} ${x + 860} ${y + 330}`,
      C.brand300,
      46,
    ),
    rect(x + 60, y + 150, 170, 120, C.brand100, 20),
    rect(x + 300, y + 60, 150, 110, C.brand100, 20),
    rect(x + 580, y + 120, 190, 140, C.brand100, 20),
    rect(x + 110, y + 330, 120, 60, C.brand200, 14),
    circle(x + 680, y + 420, 46, C.brand200),
    // Roads
    stroke(`M${x - 20} ${y + 110}H${x + w + 20}`, C.white, 30),
    stroke(`M${x + 260} ${y - 20}V${y + h + 20}`, C.white, 30),
    stroke(`M${x + 520} ${y - 20}L${x + 470} ${y + h + 20}`, C.white, 30),
    stroke(`M${x - 20} ${y + 300}H${x + w + 20}`, C.white, 22),
    stroke(`M${x + 260} ${y + 300}L${x + 520} ${y + 110}`, C.accent300, 12, { 'stroke-dasharray': '2 26' }),
    '</g>',
  ].join('');
  // The pin
  const pxc = x + 520;
  const pyc = y + 110;
  const pin = [
    el('ellipse', { cx: pxc, cy: pyc + 14, rx: 56, ry: 16, fill: C.ink900, opacity: 0.3 }),
    path(
      `M${pxc} ${pyc}C${pxc - 40} ${pyc - 60} ${pxc - 96} ${pyc - 110} ${pxc - 96} ${pyc - 170}a96 96 0 0 1 192 0C${pxc + 96} ${pyc - 110} ${pxc + 40} ${pyc - 60} ${pxc} ${pyc}z`,
      C.accent400,
      { stroke: C.ink900, 'stroke-width': 8 },
    ),
    circle(pxc, pyc - 170, 38, C.white, { stroke: C.ink900, 'stroke-width': 8 }),
  ].join('');
  // Search box
  const sx = 640;
  const sy = 120;
  const search = [
    card(sx, sy, 640, 100, C.white, 50),
    circle(sx + 62, sy + 46, 20, 'none', { stroke: C.brand700, 'stroke-width': 9 }),
    stroke(`M${sx + 77} ${sy + 61}l18 18`, C.brand700, 10),
    bar(sx + 120, sy + 40, 300, C.brand200, 20),
    rect(sx + 500, sy + 20, 120, 60, C.brand700, 30),
    bar(sx + 530, sy + 41, 60, C.white, 18),
  ].join('');
  // Review card
  const rx = 1050;
  const ry = 520;
  const review = [
    card(rx, ry, 330, 190),
    ...[0, 1, 2, 3, 4].map((i) => star(rx + 52 + i * 56, ry + 58, 24, C.accent400)),
    bar(rx + 30, ry + 110, 260, C.brand100),
    bar(rx + 30, ry + 142, 190, C.brand100),
  ].join('');
  return map + search + pin + review;
}

/** A speed gauge near its top, an accessibility badge and a snippet of code. */
function speedMotif(): string {
  const x = 230;
  const y = 190;
  const w = 680;
  const h = 520;
  const cx = x + w / 2;
  const cy = y + 340;
  const r = 220;
  const polar = (deg: number, radius: number) => {
    const a = (Math.PI * (180 + deg)) / 180;
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)] as const;
  };
  const arc = (from: number, to: number, radius: number) => {
    const [x1, y1] = polar(from, radius);
    const [x2, y2] = polar(to, radius);
    return `M${x1.toFixed(1)} ${y1.toFixed(1)}A${radius} ${radius} 0 0 1 ${x2.toFixed(1)} ${y2.toFixed(1)}`;
  };
  const ticks = Array.from({ length: 11 }, (_, i) => {
    const [x1, y1] = polar(i * 18, r - 62);
    const [x2, y2] = polar(i * 18, r - 84);
    return stroke(`M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`, C.brand300, 8);
  });
  const [nx, ny] = polar(150, r - 70);
  const gauge = [
    card(x, y, w, h),
    stroke(arc(0, 180, r), C.brand100, 44),
    stroke(arc(0, 150, r), C.brand600, 44),
    stroke(arc(138, 150, r), C.accent400, 44, { 'stroke-linecap': 'butt' }),
    ...ticks,
    stroke(`M${cx} ${cy}L${nx.toFixed(1)} ${ny.toFixed(1)}`, C.ink900, 18),
    circle(cx, cy, 30, C.ink900),
    circle(cx, cy, 12, C.accent400),
    bar(cx - 130, cy + 70, 260, C.brand100, 22),
    bar(cx - 90, cy + 108, 180, C.brand100, 16),
  ].join('');
  // Accessibility badge: the universal access figure in a ring
  const ax = 1140;
  const ay = 330;
  const access = [
    circle(ax + 10, ay + 22, 150, C.ink950, { opacity: 0.28 }),
    circle(ax, ay, 150, C.white),
    circle(ax, ay, 124, 'none', { stroke: C.brand700, 'stroke-width': 14 }),
    circle(ax, ay - 62, 22, C.brand700),
    stroke(`M${ax - 72} ${ay - 20}Q${ax} ${ay} ${ax + 72} ${ay - 20}`, C.brand700, 18),
    stroke(`M${ax} ${ay - 10}V${ay + 40}`, C.brand700, 20),
    stroke(`M${ax - 38} ${ay + 98}L${ax} ${ay + 36}L${ax + 38} ${ay + 98}`, C.brand700, 18),
  ].join('');
  // Code snippet
  const kx = 980;
  const ky = 540;
  const code = [
    card(kx, ky, 400, 200, C.ink900, 24),
    stroke(`M${kx + 60} ${ky + 66}l-28 34l28 34`, C.accent400, 12),
    stroke(`M${kx + 118} ${ky + 56}l-24 88`, C.accent400, 12),
    stroke(`M${kx + 152} ${ky + 66}l28 34l-28 34`, C.accent400, 12),
    bar(kx + 214, ky + 56, 150, C.brand300, 16),
    bar(kx + 214, ky + 92, 110, C.brand500, 16),
    bar(kx + 214, ky + 128, 140, C.brand300, 16),
  ].join('');
  return gauge + access + code;
}

/** A checklist on a clipboard, a shield with a tick and a padlock. */
function securityMotif(): string {
  const x = 270;
  const y = 180;
  const w = 560;
  const h = 600;
  const rows = [0, 1, 2, 3].map((i) => {
    const ry = y + 150 + i * 104;
    const done = i < 3;
    return [
      rect(x + 50, ry, 64, 64, done ? C.brand700 : C.white, 14, done ? {} : { stroke: C.brand300, 'stroke-width': 6 }),
      done ? check(x + 50, ry, 64, C.white, 9) : '',
      bar(x + 140, ry + 12, [300, 240, 320, 200][i]!, done ? C.brand200 : C.brand100, 18),
      bar(x + 140, ry + 40, [180, 210, 150, 230][i]!, C.brand100, 12),
    ].join('');
  });
  const clipboard = [
    card(x, y, w, h),
    rect(x + w / 2 - 110, y - 34, 220, 80, C.ink900, 22),
    circle(x + w / 2, y - 8, 12, C.accent400),
    bar(x + 50, y + 80, 220, C.ink900, 26),
    ...rows,
  ].join('');
  const sx = 1110;
  const sy = 170;
  const sw = 380;
  const shield = [
    path(shieldPath(sx + 12, sy + 24, sw), C.ink950, { opacity: 0.3 }),
    path(shieldPath(sx, sy, sw), C.brand600, { stroke: C.white, 'stroke-width': 12 }),
    path(shieldPath(sx, sy + 46, sw - 92), C.brand500),
    stroke(`M${sx - 82} ${sy + 236}l58 58l112-124`, C.accent400, 34),
  ].join('');
  const lock = [
    rect(888, 598, 190, 150, C.ink950, 26, { opacity: 0.3 }),
    padlock(880, 580, 190, 150, C.accent400, C.white),
  ].join('');
  return clipboard + shield + lock;
}

// ---------------------------------------------------------------------------------------------
// Category fallbacks

/** Design: a pen-tool curve with its anchor points and handles, and colour swatches. */
function designMotif(): string {
  const b = browser(300, 170, 760, 560);
  const t = b.top;
  const curve = [
    stroke(`M400 ${t + 400}C520 ${t + 120} 720 ${t + 520} 940 ${t + 180}`, C.brand700, 16),
    stroke(`M400 ${t + 400}L470 ${t + 190}`, C.brand300, 6),
    stroke(`M940 ${t + 180}L860 ${t + 330}`, C.brand300, 6),
    circle(470, t + 190, 16, C.white, { stroke: C.brand700, 'stroke-width': 6 }),
    circle(860, t + 330, 16, C.white, { stroke: C.brand700, 'stroke-width': 6 }),
    rect(380, t + 380, 40, 40, C.accent400, 6, { stroke: C.ink900, 'stroke-width': 6 }),
    rect(920, t + 160, 40, 40, C.accent400, 6, { stroke: C.ink900, 'stroke-width': 6 }),
  ].join('');
  // Colour swatches on a small palette card
  const palette = [
    card(940, 600, 330, 120),
    ...[C.brand700, C.brand300, C.accent400, C.ink900].map((fill, i) => circle(1000 + i * 70, 660, 26, fill)),
  ].join('');
  // A pen nib whose tip rests on the curve's last anchor point
  const nib = el(
    'g',
    { transform: `translate(940 ${t + 180}) rotate(35) translate(0 -230)` },
    [
      rect(-40, 0, 80, 56, C.ink900, 12),
      path('M-46 70H46L76 126L0 230L-76 126Z', C.accent400, {
        stroke: C.ink900,
        'stroke-width': 9,
        'stroke-linejoin': 'round',
      }),
      stroke('M0 230V150', C.ink900, 8),
      circle(0, 140, 13, C.ink900),
    ].join(''),
  );
  return b.svg + curve + palette + nib;
}

/** Development: a terminal with a prompt and code, and a pair of braces. */
function developmentMotif(): string {
  const x = 280;
  const y = 180;
  const w = 860;
  const h = 540;
  const lines = [
    [C.accent400, 0, 180],
    [C.brand300, 40, 300],
    [C.brand500, 40, 220],
    [C.brand300, 80, 260],
    [C.white, 40, 160],
    [C.brand300, 0, 120],
  ] as const;
  const term = [
    card(x, y, w, h, C.ink900),
    circle(x + 36, y + 34, 10, C.accent400),
    circle(x + 66, y + 34, 10, C.brand300),
    circle(x + 96, y + 34, 10, C.brand500),
    ...lines.map(([fill, indent, len], i) => bar(x + 120 + indent, y + 110 + i * 62, len, fill, 22)),
    stroke(`M${x + 50} ${y + 108}l26 13l-26 13`, C.accent400, 8),
    rect(x + 120, y + 480, 30, 8, C.white, 4),
  ].join('');
  const braces = [
    stroke('M1290 260c-60 0-60 40-60 90s0 70-50 90c50 20 50 40 50 90s0 90 60 90', C.white, 26),
    stroke('M1370 260c60 0 60 40 60 90s0 70 50 90c-50 20-50 40-50 90s0 90-60 90', C.accent400, 26),
  ].join('');
  return term + braces;
}

/** Business: a bar chart on the rise with a trend arrow. */
function businessMotif(): string {
  const x = 300;
  const y = 170;
  const w = 820;
  const h = 560;
  const heights = [140, 200, 180, 280, 360];
  const bars = heights.map((bh, i) =>
    rect(x + 90 + i * 140, y + h - 70 - bh, 90, bh, i === heights.length - 1 ? C.accent400 : C.brand500, 14),
  );
  const chart = [
    card(x, y, w, h),
    bar(x + 60, y + 56, 260, C.ink900, 28),
    bar(x + 60, y + 100, 180, C.brand200, 16),
    stroke(`M${x + 60} ${y + h - 60}H${x + w - 60}`, C.brand200, 6),
    ...bars,
    stroke(
      `M${x + 135} ${y + 300}L${x + 275} ${y + 240}L${x + 415} ${y + 260}L${x + 555} ${y + 170}L${x + 690} ${y + 100}`,
      C.ink900,
      12,
    ),
    path(`M${x + 720} ${y + 80}l-62 -4l26 50z`, C.ink900, {
      stroke: C.ink900,
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    }),
  ].join('');
  const bx = 1250;
  const by = 520;
  const badge = [circle(bx + 10, by + 20, 120, C.ink950, { opacity: 0.28 }), circle(bx, by, 120, C.white)];
  badge.push(stroke(`M${bx - 60} ${by + 40}l40-40l30 30l60-70`, C.brand700, 20));
  badge.push(stroke(`M${bx + 40} ${by - 80}h34v34`, C.brand700, 20));
  return chart + badge.join('');
}

/** Security: a shield with a keyhole, and a padlock. */
function securityCategoryMotif(): string {
  const sx = 720;
  const sy = 150;
  const sw = 480;
  const shield = [
    path(shieldPath(sx + 14, sy + 26, sw), C.ink950, { opacity: 0.3 }),
    path(shieldPath(sx, sy, sw), C.white),
    path(shieldPath(sx, sy + 50, sw - 110), C.brand600),
    circle(sx, sy + 270, 52, C.accent400),
    path(`M${sx - 26} ${sy + 300}h52l16 120h-84z`, C.accent400),
  ].join('');
  const lock = [
    rect(1118, 508, 200, 160, C.ink950, 28, { opacity: 0.3 }),
    padlock(1110, 490, 200, 160, C.accent400, C.white),
  ];
  const keys = [0, 1, 2].map((i) => rect(330, 300 + i * 110, 200, 70, C.white, 35, { opacity: 0.2 + i * 0.1 }));
  const dots = [0, 1, 2, 3].map((i) => circle(375 + i * 38, 335 + 2 * 110, 10, C.ink900));
  return shield + lock.join('') + keys.join('') + dots.join('');
}

/** Marketing: a megaphone sending out waves, with a few stars. */
function marketingMotif(): string {
  const m = [
    path('M430 390h140l300 -170v460l-300 -170h-140q-40 0 -40 -40v-40q0 -40 40 -40z', C.white),
    rect(470, 510, 90, 170, C.white, 26),
    path('M870 220q40 230 0 460', 'none', { stroke: C.ink900, 'stroke-width': 10 }),
    rect(860, 200, 70, 500, C.accent400, 35),
    rect(400, 400, 130, 100, C.brand300, 20),
  ].join('');
  const waves = [0, 1, 2].map((i) =>
    stroke(
      `M${1000 + i * 80} ${330 - i * 60}q${70 + i * 20} ${120 + i * 60} 0 ${240 + i * 120}`,
      i === 0 ? C.accent400 : C.white,
      18,
      {
        opacity: 1 - i * 0.25,
      },
    ),
  );
  const stars = [star(1300, 200, 34, C.accent400), star(1360, 700, 24, C.accent300), star(300, 230, 26, C.white)];
  return m + waves.join('') + stars.join('');
}

const covers: Record<string, string> = {
  'homepage-that-converts': frame(homepageMotif()),
  '99-month-website-plan': frame(planMotif()),
  'local-seo-for-delaware-businesses': frame(localSeoMotif()),
  'page-speed-and-accessibility': frame(speedMotif()),
  'ransomware-and-website-security-checklist': frame(securityMotif()),
  'category-design': frame(designMotif()),
  'category-development': frame(developmentMotif()),
  'category-business': frame(businessMotif()),
  'category-security': frame(securityCategoryMotif()),
  'category-marketing': frame(marketingMotif()),
};

mkdirSync(OUT, { recursive: true });
for (const [name, svg] of Object.entries(covers)) writeFileSync(join(OUT, `${name}.svg`), svg);
console.log(`Wrote ${Object.keys(covers).length} covers to ${OUT}`);
