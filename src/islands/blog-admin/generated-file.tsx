/**
 * The generated MDX file (docs/product.md#blog-editor): where to save it, Copy ('Code Copied!',
 * or 'Copy Failed' when the clipboard refuses), Download as `{slug}.mdx`, and the file itself.
 */
import { Copy, Download } from 'lucide-react';
import { downloadText } from '../lib/download.ts';
import { toast } from '../lib/toast-store.ts';

/** The file `code`, to be saved as src/content/blog/{slug}.mdx. */
export function GeneratedFile({ code, slug }: { code: string; slug: string }) {
  const copy = () =>
    void navigator.clipboard.writeText(code).then(
      () => toast({ title: 'Code Copied!', description: `Save it as src/content/blog/${slug}.mdx.` }),
      () => toast({ title: 'Copy Failed', variant: 'destructive' }),
    );
  return (
    <section aria-labelledby="code-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="code-title" className="text-xl font-bold text-ink-900">
          src/content/blog/{slug}.mdx
        </h2>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={copy}>
            <Copy aria-hidden="true" className="size-4" /> Copy
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => downloadText(`${slug}.mdx`, code, 'text/markdown;charset=utf-8')}
          >
            <Download aria-hidden="true" className="size-4" /> Download
          </button>
        </div>
      </div>
      <p className="text-ink-700">
        Save this file as <code className="font-mono">src/content/blog/{slug}.mdx</code> and rebuild the site; the build
        checks its frontmatter against the blog&apos;s schema.
      </p>
      {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
      <div
        role="region"
        aria-label="Generated file"
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-xl bg-ink-900 p-4"
      >
        <pre className="font-mono text-sm whitespace-pre-wrap text-green-200 wrap-anywhere">{code}</pre>
      </div>
    </section>
  );
}
