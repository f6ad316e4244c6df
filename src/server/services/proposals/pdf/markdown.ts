/**
 * Markdown in the agreement's PDF (services/proposals/agreement-pdf.ts): the introduction, the
 * terms and the extra terms, parsed by remark-parse (CommonMark) and drawn here: headings,
 * paragraphs, lists, emphasis, code, block quotes, rules and links. A link prints its text and
 * then its URL in parentheses, and is a clickable link only for http(s) and mailto URLs. Raw HTML
 * is printed as the plain text it is, never interpreted; an image prints its alt text only, and
 * nothing is ever fetched.
 */
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import {
  bottom,
  clean,
  COLOR,
  CONTENT_WIDTH,
  drawRule,
  drawRuns,
  drawText,
  ensureSpace,
  LINE_GAP,
  MARGIN,
  pageIndex,
  safeLink,
  SIZE,
  type Doc,
  type Run,
} from './kit.ts';

const markdown = unified().use(remarkParse);
type MdRoot = ReturnType<typeof markdown.parse>;
type MdNode = MdRoot['children'][number];
type MdPhrasing = Extract<MdNode, { type: 'paragraph' }>['children'][number];

/** Draws Markdown `source` (CommonMark) from doc.y across the content width. */
export function drawMarkdown(doc: Doc, source: string): void {
  const tree = markdown.parse(source);
  const definitions = new Map<string, string>();
  collectDefinitions(tree.children, definitions);
  drawBlocks(doc, tree.children, { indent: 0, gap: BLOCK_GAP, defs: definitions });
}

/** The URL of every link reference definition, by its normalized identifier. */
function collectDefinitions(nodes: readonly MdNode[], into: Map<string, string>): void {
  for (const node of nodes) {
    if (node.type === 'definition') into.set(node.identifier, node.url);
    if ('children' in node) collectDefinitions(node.children as MdNode[], into);
  }
}

/** Where blocks are drawn: `indent` points in from the margin, `gap` points below each paragraph. */
interface BlockContext {
  indent: number;
  gap: number;
  defs: Map<string, string>;
}

/** The space after a paragraph, in points; in a tight list, between its items. */
const BLOCK_GAP = 6;
const TIGHT_GAP = 2;

/** Block nodes in `context`. */
function drawBlocks(doc: Doc, nodes: readonly MdNode[], context: BlockContext): void {
  nodes.forEach((node, index) => {
    const next = nodes[index + 1];
    // A heading stays with the heading right under it ("## Fees" then "### Deposit").
    if (node.type === 'heading' && next?.type === 'heading') {
      ensureSpace(doc, headingHeight(doc, node.depth) + headingHeight(doc, next.depth) + 2 * bodyLine(doc));
    }
    drawBlock(doc, node, context);
  });
}

/** A Markdown heading's size in points, by depth. */
function headingSize(depth: number): number {
  return [16, 14, 12, 11, 10.5, 10.5][depth - 1] ?? SIZE.body;
}

/** The height a one-line heading takes, its space above and below included. */
function headingHeight(doc: Doc, depth: number): number {
  return 8 + doc.font('bold').fontSize(headingSize(depth)).currentLineHeight(true) + LINE_GAP + 2;
}

/** One line of body text. */
function bodyLine(doc: Doc): number {
  return doc.font('regular').fontSize(SIZE.body).currentLineHeight(true) + LINE_GAP;
}

/** One block node. */
function drawBlock(doc: Doc, node: MdNode, context: BlockContext): void {
  const { indent, gap, defs } = context;
  const x = MARGIN.left + indent;
  const width = CONTENT_WIDTH - indent;
  switch (node.type) {
    case 'heading': {
      const size = headingSize(node.depth);
      // Keep a heading with the first lines under it.
      ensureSpace(doc, headingHeight(doc, node.depth) + 2 * bodyLine(doc));
      doc.y += 8;
      drawRuns(doc, inlineRuns(node.children, { bold: true }, defs), x, width, size);
      doc.y += 2;
      return;
    }
    case 'paragraph':
      drawRuns(doc, inlineRuns(node.children, {}, defs), x, width, SIZE.body);
      doc.y += gap;
      return;
    case 'list': {
      const start = node.start ?? 1;
      const markerWidth = node.ordered ? 8 + 6 * String(start + node.children.length - 1).length : 14;
      const itemGap = node.spread ? BLOCK_GAP : TIGHT_GAP;
      node.children.forEach((item, index) => {
        doc.font('regular').fontSize(SIZE.body);
        ensureSpace(doc, doc.currentLineHeight(true) + LINE_GAP);
        const y = doc.y;
        const marker = node.ordered ? `${start + index}.` : indent > 0 ? '◦' : '•';
        doc.fillColor(COLOR.ink).text(marker, x, y, { lineBreak: false });
        doc.x = MARGIN.left;
        doc.y = y;
        drawBlocks(doc, item.children as MdNode[], { indent: indent + markerWidth, gap: itemGap, defs });
        // An empty item still takes its line.
        if (doc.y === y) doc.y += doc.currentLineHeight(true) + LINE_GAP + itemGap;
      });
      doc.y += Math.max(0, gap - itemGap);
      return;
    }
    case 'blockquote': {
      const startPage = pageIndex(doc);
      const startY = doc.y;
      drawBlocks(doc, node.children, { indent: indent + 14, gap, defs });
      const endY = doc.y - gap;
      const endPage = pageIndex(doc);
      // The quote's rule, on each page it reaches.
      for (let page = startPage; page <= endPage; page++) {
        doc.switchToPage(page);
        const top = page === startPage ? startY : MARGIN.top;
        const end = page === endPage ? endY : bottom(doc);
        doc
          .save()
          .moveTo(x + 3, top)
          .lineTo(x + 3, end)
          .lineWidth(2)
          .strokeColor(COLOR.rule)
          .stroke()
          .restore();
      }
      doc.switchToPage(endPage);
      return;
    }
    case 'code':
      doc.y += 2;
      drawRuns(doc, [{ text: clean(node.value), code: true }], x + 10, width - 10, SIZE.table);
      doc.y += gap + 2;
      return;
    case 'html':
      // Raw HTML is text as typed: printed, never interpreted.
      drawRuns(doc, [{ text: clean(node.value) }], x, width, SIZE.body, COLOR.muted);
      doc.y += gap;
      return;
    case 'thematicBreak':
      drawRule(doc, 6, x, width);
      return;
    case 'definition':
      return;
    default:
      // Any other block (none in CommonMark): its text, so that nothing signed goes missing.
      if ('children' in node) drawBlocks(doc, node.children as MdNode[], context);
      else if ('value' in node && typeof node.value === 'string') drawText(doc, node.value, { x, width });
  }
}

/** Inline nodes → styled runs, `style` inherited from the parents. */
function inlineRuns(nodes: readonly MdPhrasing[], style: Omit<Run, 'text'>, defs: Map<string, string>): Run[] {
  return nodes.flatMap((node): Run[] => {
    switch (node.type) {
      case 'text':
        // A soft line break inside a paragraph reads as a space.
        return [{ ...style, text: clean(node.value).replace(/\n/g, ' ') }];
      case 'emphasis':
        return inlineRuns(node.children, { ...style, italic: true }, defs);
      case 'strong':
        return inlineRuns(node.children, { ...style, bold: true }, defs);
      case 'inlineCode':
        return [{ ...style, code: true, text: clean(node.value).replace(/\n/g, ' ') }];
      case 'break':
        return [{ ...style, text: '\n' }];
      case 'html':
        // Raw HTML is text as typed: printed, never interpreted.
        return [{ ...style, text: clean(node.value).replace(/\n/g, ' ') }];
      case 'image':
        return node.alt ? [{ ...style, text: clean(node.alt) }] : [];
      case 'imageReference':
        return node.alt ? [{ ...style, text: clean(node.alt) }] : [];
      case 'link':
        return linkRuns(inlineRuns(node.children, style, defs), node.url);
      case 'linkReference': {
        const runs = inlineRuns(node.children, style, defs);
        const url = defs.get(node.identifier);
        return url === undefined ? runs : linkRuns(runs, url);
      }
      default:
        return 'children' in node
          ? inlineRuns(node.children as MdPhrasing[], style, defs)
          : 'value' in node && typeof node.value === 'string'
            ? [{ ...style, text: clean(node.value) }]
            : [];
    }
  });
}

/** A link's text, then its URL in parentheses (once, when the text is the URL); clickable only when safeLink allows. */
export function linkRuns(runs: Run[], rawUrl: string): Run[] {
  const url = clean(rawUrl);
  const link = safeLink(url);
  const text = runs.map((run) => run.text).join('');
  const linked = runs.map((run) => ({ ...run, link }));
  if (text === url || `mailto:${text}` === url || text.length === 0)
    return [...linked, ...(text ? [] : [{ text: url, link }])];
  return [...linked, { text: ' (' }, { text: url, link }, { text: ')' }];
}
