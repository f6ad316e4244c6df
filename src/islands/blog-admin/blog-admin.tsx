/**
 * /blog-admin (SPEC.md 2.7; issue 5): the gate 'Blog Admin Access', checked on the server
 * (POST /api/blog-admin/unlock; 'Access Denied' / 'Invalid password'), then the editor: title,
 * excerpt with its x/160 counter, content ('## ' header, '### ' subheader, '- ' bullet, shown by
 * Preview), the five categories, author, read time, tags (Enter or Add, trimmed, unique,
 * removable), Featured ('shows on homepage') and a publish date. Generate Code writes a complete
 * MDX file, copies it ('Code Copied!') and offers it as a download named after the title.
 */
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code2, Copy, Download, Eye, Lock, LockOpen, Pencil, Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import Markdown from 'react-markdown';
import { EDITOR_CATEGORIES, EXCERPT_GUIDANCE, blogPostSchema } from '../../shared/blog.ts';
import { postSlug, toMdx, type DraftPost } from '../../shared/blog-mdx.ts';
import { ApiError, apiRequest } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { createQueryClient } from '../lib/query.ts';
import { toast } from '../lib/toast-store.ts';
import { Loading } from '../ui/loading.tsx';
import { Field } from '../ui/form.tsx';
import Toaster from '../ui/toaster.tsx';

const STATUS_KEY = ['/api/blog-admin/status'];
export const DEFAULT_AUTHOR = 'First State Web Studio Team';
export const DEFAULT_READ_TIME = '5 min read';

function Gate() {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const fieldId = useId();
  const unlock = useMutation({
    mutationFn: () => apiRequest('POST', '/api/blog-admin/unlock', { password }),
    onSuccess: () => queryClient.setQueryData(STATUS_KEY, { configured: true, unlocked: true }),
    onError: (error) => {
      const tooMany = error instanceof ApiError && error.status === 429;
      toast({
        title: 'Access Denied',
        description: tooMany ? (error.serverMessage ?? 'Too many attempts.') : 'Invalid password',
        variant: 'destructive',
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unlock.isPending) unlock.mutate();
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="gate-title"
      className="mx-auto grid max-w-md gap-4 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-700/10"
    >
      <Lock aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      <h1 id="gate-title" className="text-center text-2xl font-extrabold text-ink-900">
        Blog Admin Access
      </h1>
      <p className="text-center text-ink-700">Enter the editor password, or sign in as staff at /admin.</p>
      <div>
        <label htmlFor={fieldId} className="field-label">
          Password
        </label>
        <input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          className="field-input"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={unlock.isPending}>
        <LockOpen aria-hidden="true" className="size-4" /> {unlock.isPending ? 'Checking...' : 'Unlock'}
      </button>
    </form>
  );
}

type Errors = Partial<Record<'title' | 'excerpt' | 'author' | 'readTime' | 'tags' | 'date', string>>;

const MESSAGES: Record<keyof Errors, string> = {
  title: 'Enter a title of at most 90 characters',
  excerpt: `Enter an excerpt of at most ${EXCERPT_GUIDANCE} characters`,
  author: 'Enter an author',
  readTime: "Write the read time like '5 min read'",
  tags: 'Add at least one tag',
  date: 'Enter a publish date',
};

/** The draft's problems, found by the blog collection's own schema. */
function check(draft: DraftPost): Errors {
  const result = blogPostSchema.safeParse({ ...draft, title: draft.title.trim(), excerpt: draft.excerpt.trim() });
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Errors;
    if (field in MESSAGES) errors[field] = MESSAGES[field];
  }
  return errors;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Editor() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftPost>({
    title: '',
    excerpt: '',
    content: '',
    category: 'Design',
    author: DEFAULT_AUTHOR,
    readTime: DEFAULT_READ_TIME,
    tags: [],
    featured: false,
    date: new Date().toISOString().slice(0, 10),
  });
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const set = <K extends keyof DraftPost>(key: K, value: DraftPost[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const slug = postSlug(draft.title);

  const addTag = () => {
    const value = tag.trim();
    if (!value) return setTagError('Type a tag first');
    if (draft.tags.some((t) => t.toLowerCase() === value.toLowerCase()))
      return setTagError('That tag is already there');
    set('tags', [...draft.tags, value]);
    setTag('');
    setTagError(null);
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addTag();
    }
  };

  const generate = async () => {
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setCode(null);
      toast({ title: 'Check the highlighted fields', variant: 'destructive' });
      return;
    }
    const file = toMdx(draft);
    setCode(file);
    try {
      await navigator.clipboard.writeText(file);
      toast({ title: 'Code Copied!', description: `Save it as src/content/blog/${slug}.mdx, then rebuild the site.` });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Use Download, or select the code and copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  const lock = async () => {
    await apiRequest('POST', '/api/blog-admin/lock');
    queryClient.setQueryData(STATUS_KEY, { configured: true, unlocked: false });
  };

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-ink-900">Blog editor</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-pressed={preview} onClick={() => setPreview(!preview)}>
            {preview ? <Pencil aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
            {preview ? 'Edit' : 'Preview'}
          </button>
          <button type="button" className="btn-primary" onClick={() => void generate()}>
            <Code2 aria-hidden="true" className="size-4" /> Generate Code
          </button>
          <button type="button" className="btn-secondary" onClick={() => void lock()}>
            <Lock aria-hidden="true" className="size-4" /> Lock
          </button>
        </div>
      </div>

      {preview ? (
        <article aria-label="Preview" className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-700/10">
          <p className="text-sm font-semibold text-brand-700">
            {draft.category} · {draft.readTime} · {draft.author}
            {draft.featured ? ' · Featured' : ''}
          </p>
          <h2 className="mt-2 text-3xl font-extrabold text-ink-900">{draft.title || 'Untitled post'}</h2>
          {draft.excerpt && <p className="mt-3 text-lg text-ink-700">{draft.excerpt}</p>}
          <div className="mt-6 text-ink-800 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink-900 [&_li]:mt-1 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
            <Markdown>{draft.content || '_Nothing written yet._'}</Markdown>
          </div>
          {draft.tags.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
              {draft.tags.map((t) => (
                <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-ink-700">
                  {t}
                </li>
              ))}
            </ul>
          )}
        </article>
      ) : (
        <form
          noValidate
          aria-label="Post"
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10 sm:grid-cols-2"
        >
          <div className="sm:col-span-2">
            <Field label="Title" error={errors.title}>
              {(props) => (
                <input
                  {...props}
                  className="field-input"
                  value={draft.title}
                  onChange={(e) => set('title', e.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Excerpt"
              error={errors.excerpt}
              hint={
                <span className={cn(draft.excerpt.length > EXCERPT_GUIDANCE && 'font-bold text-danger-700')}>
                  {draft.excerpt.length}/{EXCERPT_GUIDANCE}
                </span>
              }
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={2}
                  className="field-input"
                  value={draft.excerpt}
                  onChange={(e) => set('excerpt', e.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Content"
              hint="Markdown: start a line with '## ' for a header, '### ' for a subheader, '- ' for a bullet."
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={14}
                  className="field-input font-mono text-sm"
                  value={draft.content}
                  onChange={(e) => set('content', e.target.value)}
                />
              )}
            </Field>
          </div>
          <Field label="Category">
            {(props) => (
              <select
                {...props}
                className="field-input"
                value={draft.category}
                onChange={(e) => set('category', e.target.value as DraftPost['category'])}
              >
                {EDITOR_CATEGORIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Publish date" error={errors.date}>
            {(props) => (
              <input
                {...props}
                type="date"
                className="field-input"
                value={draft.date}
                onChange={(e) => set('date', e.target.value)}
              />
            )}
          </Field>
          <Field label="Author" error={errors.author}>
            {(props) => (
              <input
                {...props}
                className="field-input"
                value={draft.author}
                onChange={(e) => set('author', e.target.value)}
              />
            )}
          </Field>
          <Field label="Read Time" error={errors.readTime}>
            {(props) => (
              <input
                {...props}
                className="field-input"
                value={draft.readTime}
                onChange={(e) => set('readTime', e.target.value)}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field label="Tags" error={tagError ?? errors.tags} hint="Press Enter or choose Add Tag.">
              {(props) => (
                <div className="flex gap-2">
                  <input
                    {...props}
                    className="field-input"
                    value={tag}
                    onChange={(e) => setTag(e.target.value)}
                    onKeyDown={onTagKey}
                  />
                  <button type="button" className="btn-secondary shrink-0" onClick={addTag}>
                    <Plus aria-hidden="true" className="size-4" /> Add Tag
                  </button>
                </div>
              )}
            </Field>
            {draft.tags.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags added">
                {draft.tags.map((t) => (
                  <li
                    key={t}
                    className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm"
                  >
                    {t}
                    <button
                      type="button"
                      aria-label={`Remove tag ${t}`}
                      className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
                      onClick={() =>
                        set(
                          'tags',
                          draft.tags.filter((x) => x !== t),
                        )
                      }
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <label className="flex items-center gap-3 sm:col-span-2">
            <input
              type="checkbox"
              role="switch"
              className="size-5 accent-brand-700"
              checked={draft.featured}
              onChange={(e) => set('featured', e.target.checked)}
            />
            <span className="font-semibold text-ink-900">
              Featured <span className="font-normal text-ink-700">(shows on homepage)</span>
            </span>
          </label>
        </form>
      )}

      {code && (
        <section aria-labelledby="code-title" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="code-title" className="text-xl font-bold text-ink-900">
              src/content/blog/{slug}.mdx
            </h2>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn-secondary"
                onClick={() =>
                  void navigator.clipboard.writeText(code).then(
                    () => toast({ title: 'Code Copied!', description: `Save it as src/content/blog/${slug}.mdx.` }),
                    () => toast({ title: 'Copy Failed', variant: 'destructive' }),
                  )
                }
              >
                <Copy aria-hidden="true" className="size-4" /> Copy
              </button>
              <button type="button" className="btn-secondary" onClick={() => download(`${slug}.mdx`, code)}>
                <Download aria-hidden="true" className="size-4" /> Download
              </button>
            </div>
          </div>
          <p className="text-ink-700">
            Save this file as <code className="font-mono">src/content/blog/{slug}.mdx</code> and rebuild the site; the
            build checks its frontmatter against the blog&apos;s schema.
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
      )}
    </div>
  );
}

function Screen() {
  const status = useQuery<{ configured: boolean; unlocked: boolean }>({ queryKey: STATUS_KEY });
  if (status.isPending) return <Loading />;
  if (status.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
        The editor could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!status.data.configured && !status.data.unlocked) {
    return (
      <div className="mx-auto max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-ink-700/10">
        <h1 className="text-2xl font-extrabold text-ink-900">Blog Admin Access</h1>
        <p role="status" className="mt-3 text-ink-700">
          The blog editor is disabled: no password is set on this server. Staff can sign in at /admin to use it.
        </p>
      </div>
    );
  }
  return status.data.unlocked ? <Editor /> : <Gate />;
}

export default function BlogAdmin() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Screen />
      <Toaster />
    </QueryClientProvider>
  );
}
