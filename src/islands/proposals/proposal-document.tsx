/**
 * A proposal as its client reads it (docs/product.md#proposals), shared by the portal's proposal
 * page and the dashboard editor's live preview: the introduction, the line items (a table from
 * 640 px, stacked rows below), the totals, how long it is valid, the Terms of Service and the
 * additional terms. It draws no title: the screen around it shows that as its heading, and the
 * title names the document for assistive technology.
 *
 * Every amount comes from the caller (the server's totals in the portal); a line's amount is its
 * quantity times its unit price, shown with formatCents. The Markdown of the introduction and
 * terms is rendered by `SafeMarkdown`: no HTML, no image ever loaded, links only to http(s) and
 * mailto addresses.
 */
import { ChevronRight } from 'lucide-react';
import { createElement, useId, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { formatCents, lineAmountCents, type ProposalItem } from '../../shared/proposals.ts';
import { cn } from '../lib/cn.ts';
import { formatDate } from '../lib/format.ts';
import { safeLinkUrl } from '../../shared/links.ts';

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** The smallest piece of a Markdown tree (mdast) this module reads or rewrites. */
interface MdNode {
  type: string;
  depth?: number;
  alt?: string | null;
  value?: string;
  children?: MdNode[];
}

/** Calls `visit` on `node` and every node below it, parents first. */
function walk(node: MdNode, visit: (node: MdNode) => void): void {
  visit(node);
  node.children?.forEach((child) => walk(child, visit));
}

/**
 * A remark plugin: the document's headings start at level `top` (its highest heading becomes
 * `top`, the others keep their distance below it, never past h6), and every image becomes its
 * alternative text, so nothing is ever fetched from another site (no request leaves the browser
 * to a third party before consent: DESIGN.md section 4).
 */
function safeTree(top: HeadingLevel) {
  return () => (tree: MdNode) => {
    let highest = 6;
    walk(tree, (node) => {
      if (node.type === 'heading' && node.depth) highest = Math.min(highest, node.depth);
    });
    walk(tree, (node) => {
      if (node.type === 'heading' && node.depth) node.depth = Math.min(6, top + node.depth - highest);
      if (node.type === 'image' || node.type === 'imageReference') {
        const alt = node.alt?.trim() ?? '';
        node.type = 'text';
        node.value = alt;
        delete node.alt;
      }
    });
  };
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Images are turned into their text before rendering (safeTree); should one remain, its text.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

const MARKDOWN_STYLE = [
  'min-w-0 leading-relaxed wrap-anywhere text-ink-800',
  '[&>:first-child]:mt-0 [&_p]:mt-3',
  '[&_:is(h1,h2,h3,h4,h5,h6)]:mt-6 [&_:is(h1,h2,h3,h4,h5,h6)]:font-bold [&_:is(h1,h2,h3,h4,h5,h6)]:text-ink-900',
  '[&_:is(h1,h2)]:text-xl [&_h3]:text-lg',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-ink-700/20 [&_blockquote]:pl-4',
  '[&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_code]:font-mono [&_code]:text-sm',
  '[&_hr]:my-6 [&_hr]:border-ink-700/10 [&_strong]:font-semibold [&_strong]:text-ink-900',
].join(' ');

/**
 * `children` (Markdown) rendered safely: raw HTML is dropped, an image shows as its alternative
 * text, a link keeps only an http(s) or mailto address and gets rel="noopener noreferrer nofollow"
 * (any other address leaves its words as plain text). Its headings start at `headingLevel`.
 */
export function SafeMarkdown({ children, headingLevel }: { children: string; headingLevel: HeadingLevel }) {
  return (
    <div className={MARKDOWN_STYLE}>
      <Markdown skipHtml remarkPlugins={[safeTree(headingLevel)]} urlTransform={safeLinkUrl} components={components}>
        {children}
      </Markdown>
    </div>
  );
}

/** A heading of `level`. */
function Heading({ level, className, children }: { level: HeadingLevel; className?: string; children: ReactNode }) {
  return createElement(`h${level}`, { className }, children);
}

const MARK = 'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap';

/** The marks of a line: 'Monthly', 'Optional', and (once signed) 'Included' or 'Not chosen'. */
function ItemMarks({ item, chosen, showChoice }: { item: ProposalItem; chosen: boolean; showChoice: boolean }) {
  if (!item.recurring && !item.optional) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {item.recurring === 'monthly' && <span className={cn(MARK, 'bg-blue-100 text-blue-900')}>Monthly</span>}
      {item.optional && <span className={cn(MARK, 'bg-amber-100 text-amber-900')}>Optional</span>}
      {item.optional && showChoice && (
        <span className={cn(MARK, chosen ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-900')}>
          {chosen ? 'Included' : 'Not chosen'}
        </span>
      )}
    </span>
  );
}

interface ItemProps {
  item: ProposalItem;
  index: number;
  chosen: boolean;
  onToggle?: (index: number, chosen: boolean) => void;
  showChoice: boolean;
}

/** A line's description, with the checkbox 'Include {description}' for an optional line when it can be ticked. */
function Description({ item, index, chosen, onToggle, showChoice }: ItemProps) {
  const nameId = useId();
  const marks = <ItemMarks item={item} chosen={chosen} showChoice={showChoice && !onToggle} />;
  if (item.optional && onToggle) {
    // The whole cell ticks the box; the box is named by the description alone, not its marks.
    return (
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={chosen}
          aria-labelledby={nameId}
          onChange={(event) => onToggle(index, event.target.checked)}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
        />
        <span className="grid min-w-0 gap-1">
          <span id={nameId} className="font-semibold whitespace-pre-line text-ink-900">
            <span className="sr-only">Include </span>
            {item.description}
          </span>
          {marks}
        </span>
      </label>
    );
  }
  return (
    <div className="grid gap-1">
      <span className="font-semibold whitespace-pre-line text-ink-900">{item.description}</span>
      {marks}
    </div>
  );
}

/** Whether line `index` counts: a required line, or an optional one that was chosen. */
const counts = (item: ProposalItem, index: number, chosen: readonly number[]) =>
  !item.optional || chosen.includes(index);

/** The lines as a table, from 640 px. */
function ItemTable({
  items,
  chosen,
  onToggle,
  showChoice,
}: Pick<ProposalDocumentProps, 'items' | 'chosen' | 'onToggle'> & { showChoice: boolean }) {
  return (
    <table className="hidden w-full text-left sm:table">
      <caption className="sr-only">Line items</caption>
      <thead>
        <tr className="border-b border-ink-700/15 text-sm text-ink-700">
          <th scope="col" className="w-full py-2 pr-4 font-semibold">
            Description
          </th>
          <th scope="col" className="px-4 py-2 text-right font-semibold whitespace-nowrap">
            Quantity
          </th>
          <th scope="col" className="px-4 py-2 text-right font-semibold whitespace-nowrap">
            Unit price
          </th>
          <th scope="col" className="py-2 pl-4 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-700/10">
        {items.map((item, index) => {
          const active = counts(item, index, chosen);
          return (
            <tr key={index} className={cn('align-top', !active && 'text-ink-600')}>
              <td className="min-w-0 py-3 pr-4">
                <Description
                  item={item}
                  index={index}
                  chosen={chosen.includes(index)}
                  onToggle={onToggle}
                  showChoice={showChoice}
                />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {item.quantity.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {formatCents(item.unitPriceCents)}
              </td>
              <td className="py-3 pl-4 text-right font-semibold whitespace-nowrap tabular-nums">
                {formatCents(lineAmountCents(item))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The lines as stacked rows, under 640 px. */
function ItemRows({
  items,
  chosen,
  onToggle,
  showChoice,
}: Pick<ProposalDocumentProps, 'items' | 'chosen' | 'onToggle'> & { showChoice: boolean }) {
  return (
    <ul aria-label="Line items" className="divide-y divide-ink-700/10 sm:hidden">
      {items.map((item, index) => {
        const active = counts(item, index, chosen);
        return (
          <li key={index} className={cn('grid gap-2 py-3', !active && 'text-ink-600')}>
            <Description
              item={item}
              index={index}
              chosen={chosen.includes(index)}
              onToggle={onToggle}
              showChoice={showChoice}
            />
            <p className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm tabular-nums">
              <span>
                <span className="sr-only">Quantity </span>
                {item.quantity.toLocaleString('en-US')} × {formatCents(item.unitPriceCents)}
              </span>
              <span className="text-base font-semibold">
                <span className="sr-only">Amount </span>
                {formatCents(lineAmountCents(item))}
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** One line of the totals. */
function Total({ term, strong, children }: { term: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={cn('flex flex-wrap items-baseline justify-between gap-x-6 py-1.5', strong && 'text-lg')}>
      <dt className={strong ? 'font-bold text-ink-900' : 'text-ink-700'}>{term}</dt>
      <dd className={cn('tabular-nums', strong ? 'font-bold text-ink-900' : 'font-semibold text-ink-900')}>
        {children}
      </dd>
    </div>
  );
}

/** The totals as given: the subtotal and discount (when there is one), one-off, monthly, deposit. */
function Totals({ totals, depositPercent }: Pick<ProposalDocumentProps, 'totals' | 'depositPercent'>) {
  const discounted = totals.discountCents > 0;
  return (
    <dl className="ml-auto w-full max-w-sm divide-y divide-ink-700/10 border-t border-ink-700/15 pt-2">
      {discounted && <Total term="One-off subtotal">{formatCents(totals.oneOffSubtotalCents)}</Total>}
      {discounted && <Total term="Discount">−{formatCents(totals.discountCents)}</Total>}
      <Total term="One-off total" strong>
        {formatCents(totals.oneOffCents)}
      </Total>
      {totals.monthlyCents > 0 && <Total term="Monthly total">{formatCents(totals.monthlyCents)} per month</Total>}
      {depositPercent > 0 && (
        <Total term={`${depositPercent}% deposit on signing`}>{formatCents(totals.depositCents)}</Total>
      )}
    </dl>
  );
}

/** The props of ProposalDocument. */
interface ProposalDocumentProps {
  /** Names the document (it is not drawn: the screen shows it as its heading). */
  title: string;
  /** Markdown. */
  intro: string;
  items: ProposalItem[];
  /** Integer cents, as the server computed them for `chosen` (a draft's preview may compute them itself). */
  totals: {
    oneOffCents: number;
    monthlyCents: number;
    depositCents: number;
    oneOffSubtotalCents: number;
    discountCents: number;
  };
  depositPercent: number;
  /** 'YYYY-MM-DD': the last day it may be accepted. */
  validUntil: string;
  /** The Terms of Service it carries; null before it is sent (a draft). */
  terms: { version: string; title: string; url: string; text: string } | null;
  /** Markdown, or null. */
  extraTerms: string | null;
  /** The positions of the optional items chosen. */
  chosen: number[];
  /** Given: each optional item has a checkbox 'Include {description}'. */
  onToggle?: (index: number, chosen: boolean) => void;
  /**
   * Without `onToggle`: whether `chosen` is a decision (a signed proposal), so each optional item says
   * 'Included' or 'Not chosen'; otherwise it says only 'Optional'.
   */
  showChoice?: boolean;
  /** The level of the document's own headings (What is included, Terms); 2 unless told. */
  headingLevel?: 2 | 3;
}

/** The proposal document; see the module comment. */
export function ProposalDocument({
  title,
  intro,
  items,
  totals,
  depositPercent,
  validUntil,
  terms,
  extraTerms,
  chosen,
  onToggle,
  showChoice = false,
  headingLevel = 2,
}: ProposalDocumentProps) {
  const sub = (headingLevel + 1) as HeadingLevel;
  const termsUrl = terms ? safeLinkUrl(terms.url) : null;
  return (
    <article aria-label={title} className="grid min-w-0 gap-8">
      {intro.trim() && <SafeMarkdown headingLevel={headingLevel}>{intro}</SafeMarkdown>}
      <section className="grid gap-4">
        <Heading level={headingLevel} className="text-xl font-bold text-ink-900">
          What is included
        </Heading>
        <div>
          <ItemTable items={items} chosen={chosen} onToggle={onToggle} showChoice={showChoice} />
          <ItemRows items={items} chosen={chosen} onToggle={onToggle} showChoice={showChoice} />
        </div>
        <Totals totals={totals} depositPercent={depositPercent} />
        <p className="text-sm text-ink-700">
          Valid until the end of <span className="font-semibold text-ink-900">{formatDate(validUntil)}</span>.
        </p>
      </section>
      <section className="grid gap-4">
        <Heading level={headingLevel} className="text-xl font-bold text-ink-900">
          Terms
        </Heading>
        {terms ? (
          <div className="grid gap-3">
            <details className="group rounded-xl bg-slate-50 ring-1 ring-ink-700/10">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 font-semibold text-ink-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 transition-transform group-open:rotate-90"
                />
                Terms of Service (version {terms.version})
              </summary>
              {/* Not laid out at all while closed (display: none), so nothing of it is measured as text on the page. */}
              <div className="hidden border-t border-ink-700/10 px-4 py-4 group-open:block">
                <SafeMarkdown headingLevel={sub}>{terms.text}</SafeMarkdown>
              </div>
            </details>
            {termsUrl && (
              <p className="text-sm text-ink-700">
                Also published on our website:{' '}
                <a href={termsUrl} className="font-medium text-brand-700 underline">
                  {terms.title}
                </a>
                .
              </p>
            )}
          </div>
        ) : (
          <p className="text-ink-700">
            The Terms of Service published on our website when this proposal is sent become part of it.
          </p>
        )}
        {extraTerms && (
          <div className="grid gap-2">
            <Heading level={sub} className="text-lg font-bold text-ink-900">
              Additional terms
            </Heading>
            <SafeMarkdown headingLevel={Math.min(6, sub + 1) as HeadingLevel}>{extraTerms}</SafeMarkdown>
          </div>
        )}
      </section>
    </article>
  );
}
