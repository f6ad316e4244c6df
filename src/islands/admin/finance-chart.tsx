/**
 * The finance summary's chart (docs/product.md#invoices): what was paid and what is still
 * outstanding in each of the last 12 months, oldest first, as grouped bars in one inline SVG. The
 * SVG stretches to the panel's width (its bars have no words of their own), the months are named
 * under it in a row of as many columns, the legend and the scale are plain text, and every
 * figure is in a table that `Show the figures as a table` opens: what the bars show is never
 * only in the picture.
 */
import { format, parseISO } from 'date-fns';
import { useId } from 'react';
import { formatCents } from '../../shared/proposals.ts';
import type { FinanceSummary } from './invoice-queries.ts';

type Month = FinanceSummary['months'][number];

/** 'Jan 2026' ('short': 'Jan') for '2026-01'. */
const monthName = (month: string, short = false) => format(parseISO(`${month}-01`), short ? 'MMM' : 'MMM yyyy');

/** The top of the scale: `cents` rounded up to 1, 2, 2.5 or 5 times a power of ten dollars (at least $100). */
function scaleTop(cents: number): number {
  const dollars = Math.max(100, Math.ceil(cents / 100));
  const power = 10 ** Math.floor(Math.log10(dollars));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= dollars) ?? 10;
  return step * power * 100;
}

const PAID = 'fill-brand-700';
const OUTSTANDING = 'fill-amber-600';

/** A legend's coloured square and its word. */
function Key({ tone, label }: { tone: string; label: string }) {
  return (
    <li className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 10 10" className="size-3 shrink-0">
        <rect width="10" height="10" rx="2" className={tone} />
      </svg>
      {label}
    </li>
  );
}

/** The chart of `months`; see the module comment. */
export function FinanceChart({ months }: { months: readonly Month[] }) {
  const id = useId();
  if (months.length === 0) return <p className="text-ink-700">No months to show yet.</p>;
  const top = scaleTop(Math.max(...months.map((m) => Math.max(m.paidCents, m.outstandingCents))));
  const width = months.length * 10;
  const height = (cents: number) => (cents > 0 ? Math.max(1, (cents / top) * 100) : 0);
  const first = monthName(months[0]!.month);
  const last = monthName(months[months.length - 1]!.month);
  return (
    <figure aria-labelledby={`${id}-caption`} className="grid gap-3">
      <figcaption id={`${id}-caption`} className="font-semibold text-ink-900">
        Paid and outstanding by month, {first} to {last}
      </figcaption>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-ink-700">
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Legend">
          <Key tone={PAID} label="Paid" />
          <Key tone={OUTSTANDING} label="Outstanding" />
        </ul>
        <p>Top line: {formatCents(top)}</p>
      </div>
      <div>
        <svg
          role="img"
          aria-label={`Bar chart of paid and outstanding amounts for each month from ${first} to ${last}; the table below gives every figure.`}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="h-44 w-full border-b border-ink-700/40"
        >
          {[0, 25, 50, 75].map((y) => (
            <line
              key={y}
              x1="0"
              x2={width}
              y1={y}
              y2={y}
              vectorEffect="non-scaling-stroke"
              className="stroke-slate-200"
              strokeWidth="1"
            />
          ))}
          {months.map((m, index) => (
            <g key={m.month}>
              <rect
                x={index * 10 + 1.25}
                y={100 - height(m.paidCents)}
                width="3.5"
                height={height(m.paidCents)}
                className={PAID}
              >
                <title>{`${monthName(m.month)}: paid ${formatCents(m.paidCents)}`}</title>
              </rect>
              <rect
                x={index * 10 + 5.25}
                y={100 - height(m.outstandingCents)}
                width="3.5"
                height={height(m.outstandingCents)}
                className={OUTSTANDING}
              >
                <title>{`${monthName(m.month)}: outstanding ${formatCents(m.outstandingCents)}`}</title>
              </rect>
            </g>
          ))}
        </svg>
        <ol
          aria-hidden="true"
          className="mt-1 grid text-center text-xs text-ink-700"
          style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
        >
          {/* On a phone a month has about 25 px: its initial; from 640 px up, 'Jan'. */}
          {months.map((m) => (
            <li key={m.month}>
              <span className="sm:hidden">{monthName(m.month, true).charAt(0)}</span>
              <span className="max-sm:hidden">{monthName(m.month, true)}</span>
            </li>
          ))}
        </ol>
      </div>
      <details className="text-sm">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand-700">
          Show the figures as a table
        </summary>
        <table className="mt-2 w-full border-separate border-spacing-0 text-left">
          <caption className="sr-only">Paid and outstanding by month</caption>
          <thead>
            <tr className="text-xs tracking-wide text-ink-700 uppercase">
              <th scope="col" className="border-b border-ink-700/10 py-2 pr-3">
                Month
              </th>
              <th scope="col" className="border-b border-ink-700/10 py-2 pr-3 text-right">
                Paid
              </th>
              <th scope="col" className="border-b border-ink-700/10 py-2 text-right">
                Outstanding
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="border-b border-ink-700/5 py-1.5 pr-3 font-semibold text-ink-900">
                  {monthName(m.month)}
                </th>
                <td className="border-b border-ink-700/5 py-1.5 pr-3 text-right tabular-nums">
                  {formatCents(m.paidCents)}
                </td>
                <td className="border-b border-ink-700/5 py-1.5 text-right tabular-nums">
                  {formatCents(m.outstandingCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
