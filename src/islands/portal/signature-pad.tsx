/**
 * The optional drawn signature of the signing dialog (docs/product.md#agreements): an <svg> where
 * a pointer (mouse, pen or finger) drags pen strokes, and `Clear signature`. What it hands on is
 * the drawing as the server keeps it, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 W H">`
 * with one `<path d="M x y L x y …"/>` per stroke (numbers rounded to one decimal), or null when
 * nothing is drawn. The typed name is the signature; drawing adds to it and keyboard users skip
 * it (the pad takes no focus), which the hint under it says.
 *
 * The server refuses more than 300 strokes or 30,000 characters of path data
 * (services/proposals/signature.ts): the pad stops taking points well before either.
 */
import { Eraser } from 'lucide-react';
import { useId, useRef, useState, type PointerEvent } from 'react';
import { PAD_SIZE, signatureSvg, strokePath, type Point } from '../../shared/signature-drawing.ts';

/** The drawing's size in its own units (the viewBox); it is shown at the width of its box. */
const { width: WIDTH, height: HEIGHT } = PAD_SIZE;

/** At most this many strokes, and this many points in all (about 25,000 characters of path data). */
const MAX_STROKES = 300;
const MAX_POINTS = 1_800;

/** A point closer than this to the stroke's last one is left out (units of the drawing). */
const MIN_STEP = 1.5;

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** The pad, its hint and `Clear signature`; `onChange` gets the drawing (signatureSvg) after each stroke. */
export function SignaturePad({
  onChange,
  disabled = false,
}: {
  onChange: (svg: string | null) => void;
  disabled?: boolean;
}) {
  // The strokes drawn so far: the ref is read by the pointer handlers, the state redraws the pad.
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const current = useRef<Point[][]>([]);
  const drawing = useRef(false);
  const [tooLong, setTooLong] = useState(false);
  const id = useId();

  const update = (next: Point[][]) => {
    current.current = next;
    setStrokes(next);
  };
  const pointOf = (event: PointerEvent<SVGSVGElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return [
      clamp(((event.clientX - box.left) / box.width) * WIDTH, WIDTH),
      clamp(((event.clientY - box.top) / box.height) * HEIGHT, HEIGHT),
    ];
  };
  const pointCount = () => current.current.reduce((sum, stroke) => sum + stroke.length, 0);

  const start = (event: PointerEvent<SVGSVGElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (current.current.length >= MAX_STROKES || pointCount() >= MAX_POINTS) {
      setTooLong(true);
      return;
    }
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    update([...current.current, [pointOf(event)]]);
  };

  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing.current) return;
    const point = pointOf(event);
    const last = current.current.at(-1);
    const previous = last?.at(-1);
    if (!last || !previous) return;
    if (Math.hypot(point[0] - previous[0], point[1] - previous[1]) < MIN_STEP) return;
    if (pointCount() >= MAX_POINTS) {
      setTooLong(true);
      return;
    }
    update([...current.current.slice(0, -1), [...last, point]]);
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(signatureSvg(current.current));
  };

  const clear = () => {
    update([]);
    setTooLong(false);
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="field-label mb-0">
        Draw your signature <span className="font-normal text-ink-700">(optional)</span>
      </p>
      <svg
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="aspect-[3/1] w-full cursor-crosshair touch-none rounded-lg bg-white text-ink-900 ring-1 ring-ink-700/30 select-none"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onLostPointerCapture={end}
      >
        <line
          x1={WIDTH * 0.06}
          x2={WIDTH * 0.94}
          y1={HEIGHT * 0.75}
          y2={HEIGHT * 0.75}
          className="stroke-ink-700/25"
          strokeWidth={1.5}
          strokeDasharray="6 6"
        />
        {strokes.map((stroke, index) => (
          <path
            key={index}
            d={strokePath(stroke)}
            fill="none"
            stroke="currentColor"
            strokeWidth={3}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p id={`${id}-hint`} className="min-w-0 flex-1 basis-60 text-sm text-ink-700">
          Drawing is optional: your typed name is your signature.
          {tooLong && ' The drawing cannot take more strokes: clear it to start again.'}
        </p>
        <button type="button" className="btn-secondary min-h-11 px-3 text-sm" onClick={clear} disabled={disabled}>
          <Eraser aria-hidden="true" className="size-4" /> Clear signature
        </button>
      </div>
    </div>
  );
}
