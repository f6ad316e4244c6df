/**
 * The landing page's decorations (docs/product.md#constants), all decorative (aria-hidden), fixed in
 * size so they never shift layout, and never in the way of input (pointer-events: none):
 * - a canvas of 8 code lines drifting across the hero, never under its text (they pass behind a
 *   clear box around it);
 * - a terminal (large screens only) typing sample commands at 100 ms per character, pausing
 *   2 s before the next one, its cursor blinking every 500 ms (in CSS);
 * - the roots tree, which starts growing 500 ms after load when it is in view, else when it
 *   scrolls into view.
 * Under prefers-reduced-motion they stand still in their final state. They start once the browser
 * is idle after the first paint, which they never delay.
 */
import { prefersReducedMotion } from '../islands/lib/scroll.ts';
import { whenIdle } from './when-idle.ts';

const CODE_LINE_COUNT = 8;
const TYPE_DELAY_MS = 100;
const COMMAND_PAUSE_MS = 2000;
const TREE_START_DELAY_MS = 500;

const CODE_LINES = [
  'const site = await build({ fast: true });',
  '<section id="contact" aria-label="Contact">',
  'npm run deploy -- --region us-east',
  'h1 { font-size: clamp(2rem, 5vw, 4rem); }',
  'if (lighthouse.score === 100) ship();',
  "SELECT * FROM leads WHERE state = 'DE';",
  'git commit -m "Launch client site"',
  'export default function Hero() { … }',
];

const TERMINAL_COMMANDS = [
  'npm create astro@latest client-site',
  'npm run build && npm run test',
  'lighthouse https://client.example --view',
  'git push origin main  # deploy to production',
];

/** Room kept clear around the hero's text, in CSS px: the code lines never pass under it. */
const COPY_CLEARANCE_PX = 24;
/** The drift's frame interval, in ms (30 frames a second): the lines move a few px per second. */
const FRAME_INTERVAL_MS = 33;
const LINE_FONT = '14px ui-monospace, Menlo, Consolas, monospace';
const LINE_HEIGHT_PX = 20;

/**
 * Draws CODE_LINE_COUNT lines of code drifting to the right; pauses when out of view. Each line is
 * drawn once into its own small canvas (on resize) and copied per frame: laying out text on every
 * frame cost a phone's main thread a long task each frame.
 */

function startCodeCanvas(canvas: HTMLCanvasElement): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const copy = canvas.parentElement?.querySelector<HTMLElement>('[data-hero-copy]') ?? null;
  // The hero's text box in canvas coordinates, measured on resize (not per frame: no layout reads
  // in the animation loop).
  let keepClear: { x: number; y: number; w: number; h: number } | null = null;
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  // Spread by the golden ratio rather than at random: the same picture on every load (a still one
  // under reduced motion), which the screenshot comparisons rely on.
  const lines = CODE_LINES.slice(0, CODE_LINE_COUNT).map((text, i) => ({
    text,
    x: (i * 0.618034) % 1,
    y: (i + 0.5) / CODE_LINE_COUNT,
    speed: 0.00004 + ((i * 0.381966) % 1) * 0.00006,
  }));

  let width = 0;
  let height = 0;
  let sprites: { image: HTMLCanvasElement; width: number }[] = [];
  const resize = () => {
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    sprites = lines.map((line) => {
      context.font = LINE_FONT;
      const textWidth = Math.ceil(context.measureText(line.text).width);
      const image = document.createElement('canvas');
      image.width = Math.max(1, Math.round(textWidth * ratio));
      image.height = Math.round(LINE_HEIGHT_PX * ratio);
      const pen = image.getContext('2d');
      if (pen) {
        pen.scale(ratio, ratio);
        pen.font = LINE_FONT;
        pen.fillStyle = 'rgba(147, 197, 253, 0.22)';
        pen.textBaseline = 'middle';
        pen.fillText(line.text, 0, LINE_HEIGHT_PX / 2);
      }
      return { image, width: textWidth };
    });
    if (copy) {
      const box = canvas.getBoundingClientRect();
      const text = copy.getBoundingClientRect();
      keepClear = {
        x: text.left - box.left - COPY_CLEARANCE_PX,
        y: text.top - box.top - COPY_CLEARANCE_PX,
        w: text.width + 2 * COPY_CLEARANCE_PX,
        h: text.height + 2 * COPY_CLEARANCE_PX,
      };
    }
  };

  const draw = () => {
    context.clearRect(0, 0, width, height);
    context.save();
    if (keepClear) {
      // Everything but the text box: the lines drift behind it, unseen, instead of under the words.
      context.beginPath();
      context.rect(0, 0, width, height);
      context.rect(keepClear.x, keepClear.y, keepClear.w, keepClear.h);
      context.clip('evenodd');
    }
    lines.forEach((line, i) => {
      const sprite = sprites[i];
      if (!sprite) return;
      const span = width + sprite.width;
      const x = line.x * span - sprite.width;
      context.drawImage(sprite.image, x, line.y * height - LINE_HEIGHT_PX / 2, sprite.width, LINE_HEIGHT_PX);
    });
    context.restore();
  };

  canvas.dataset.lines = String(lines.length);
  resize();
  draw();
  new ResizeObserver(() => {
    resize();
    draw();
  }).observe(canvas);
  if (prefersReducedMotion()) return;

  let visible = true;
  let last = performance.now();
  let frame = 0;
  const tick = (now: number) => {
    if (now - last >= FRAME_INTERVAL_MS) {
      const elapsed = Math.min(100, now - last);
      last = now;
      for (const line of lines) line.x = (line.x + line.speed * elapsed) % 1;
      draw();
    }
    frame = visible && !document.hidden ? requestAnimationFrame(tick) : 0;
  };
  const resume = () => {
    if (!frame && visible && !document.hidden) {
      last = performance.now();
      frame = requestAnimationFrame(tick);
    }
  };
  new IntersectionObserver(([entry]) => {
    visible = entry?.isIntersecting ?? false;
    resume();
  }).observe(canvas);
  document.addEventListener('visibilitychange', resume);
  resume();
}

/** Types TERMINAL_COMMANDS one after another into `output`, forever. */
function startTerminal(output: HTMLElement): void {
  // The cursor stays hidden until the first text is in place: were it shown at its first spot,
  // its move to the end of the text would count as a layout shift on a slow first paint.
  const showCursor = () => output.parentElement?.querySelector('[data-terminal-cursor]')?.classList.remove('invisible');
  if (prefersReducedMotion()) {
    output.textContent = TERMINAL_COMMANDS.map((c) => `$ ${c}`).join('\n');
    showCursor();
    return;
  }
  const history: string[] = [];
  let command = 0;
  let chars = 0;
  const render = (current: string) => {
    output.textContent = [...history.slice(-3), `$ ${current}`].join('\n');
  };
  const step = () => {
    const text = TERMINAL_COMMANDS[command % TERMINAL_COMMANDS.length]!;
    chars += 1;
    render(text.slice(0, chars));
    if (chars < text.length) {
      window.setTimeout(step, TYPE_DELAY_MS);
    } else {
      window.setTimeout(() => {
        history.push(`$ ${text}`);
        command += 1;
        chars = 0;
        render('');
        window.setTimeout(step, TYPE_DELAY_MS);
      }, COMMAND_PAUSE_MS);
    }
  };
  render('');
  showCursor();
  window.setTimeout(step, TYPE_DELAY_MS);
}

/** Adds `is-growing` to the tree 500 ms after load if in view, else once it scrolls into view. */
function startTree(tree: HTMLElement): void {
  const grow = () => tree.classList.add('is-growing');
  if (prefersReducedMotion()) {
    grow();
    return;
  }
  let inView = false;
  let timerDone = false;
  const observer = new IntersectionObserver(([entry]) => {
    inView = entry?.isIntersecting ?? false;
    if (inView && timerDone) {
      grow();
      observer.disconnect();
    }
  });
  observer.observe(tree);
  window.setTimeout(() => {
    timerDone = true;
    if (inView) {
      grow();
      observer.disconnect();
    }
  }, TREE_START_DELAY_MS);
}

/** Starts the page's decorations once the browser is idle after the first paint (whenIdle). */
export function startLandingDecor(): void {
  whenIdle(startDecorations);
}

/** Starts each decoration the page holds (see startLandingDecor). */
function startDecorations(): void {
  const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-code-canvas]');
  if (canvas) startCodeCanvas(canvas);
  const terminal = document.querySelector<HTMLElement>('[data-terminal-output]');
  if (terminal && window.matchMedia('(min-width: 64rem)').matches) startTerminal(terminal);
  const tree = document.querySelector<HTMLElement>('[data-tree]');
  if (tree) startTree(tree);
}
