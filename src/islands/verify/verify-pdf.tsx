/**
 * /verify (docs/product.md#agreements): anyone holding a signed agreement's PDF checks that we
 * issued it, unchanged. The file goes to POST /api/agreements/verify (multipart, field `file`),
 * which hashes it as it arrives and keeps nothing; the answer names the agreement (reference,
 * title, business, signers, date) or says that we did not issue this PDF, or that it was changed
 * since. A refused file (too large, too many checks: 413, 429) or a network failure says why in
 * the server's words, else `We could not check the file. Please try again.` The result is
 * announced (a status for an answer, an alert for a failure) and a new check clears it.
 *
 * Hydrated at the visitor's first interaction (`client:interaction`): the form is drawn on the
 * server, a file chosen before then stays in its field, and a press of `Check the PDF` meanwhile
 * is replayed once hydrated.
 */
import { FileCheck2, Loader2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { api, apiErrorOf, fetchThroughBusy, messageOf } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';

/** Where the PDF goes (routes/agreements.ts), as the typed client names it. */
const VERIFY_PATH = api.agreements.verify.$path();

/** What the server answers about a PDF. */
type Answer =
  | {
      valid: true;
      reference: string;
      title: string;
      business: string;
      signedAt: string;
      signers: string[];
    }
  | { valid: false };

type Result =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'answer'; answer: Answer }
  | { kind: 'failed'; message: string }
  | { kind: 'missing' };

const FAILED = 'We could not check the file. Please try again.';
const MISSING = 'Please choose a PDF to check.';

/** "Dana Reyes", "Dana Reyes and Sam Ortiz", "A, B and C". */
const joinNames = (names: string[]) =>
  new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(names);

/** Sends `file` to be checked; the server's answer, or throws with the message to show. */
async function check(file: File): Promise<Answer> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetchThroughBusy(VERIFY_PATH, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new Error(FAILED);
  }
  if (!response.ok) throw new Error(messageOf(await apiErrorOf(response), FAILED));
  try {
    return (await response.json()) as Answer;
  } catch {
    throw new Error(FAILED);
  }
}

/** The sentence of a valid answer. */
function validSentence(answer: Extract<Answer, { valid: true }>): string {
  return `This PDF is agreement ${answer.reference}: ${answer.title} for ${answer.business}, signed by ${joinNames(
    answer.signers,
  )} on ${formatDate(answer.signedAt)}. It is exactly as we issued it.`;
}

export default function VerifyPdf() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<Result>({ kind: 'idle' });
  const busy = useRef(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second press while the first check is on its way sends nothing.
    if (busy.current) return;
    const file = input.current?.files?.[0];
    if (!file) {
      setResult({ kind: 'missing' });
      input.current?.focus();
      return;
    }
    busy.current = true;
    setResult({ kind: 'checking' });
    try {
      setResult({ kind: 'answer', answer: await check(file) });
    } catch (error) {
      setResult({ kind: 'failed', message: error instanceof Error ? error.message : FAILED });
    } finally {
      busy.current = false;
    }
  };

  const checking = result.kind === 'checking';
  const answer = result.kind === 'answer' ? result.answer : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10 sm:p-8"
    >
      <div>
        <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
          Check a signed agreement
        </h2>
        <p className="mt-2 text-ink-700">
          Every agreement signed through our client portal comes as a PDF. We recognise a PDF we issued by its
          fingerprint, which changes if even one character of the file changes. Your file is checked and not kept.
        </p>
      </div>
      <form method="post" encType="multipart/form-data" noValidate onSubmit={submit} className="mt-6 grid gap-4">
        <div>
          <label htmlFor={`${id}-file`} className="field-label">
            Signed agreement (PDF)
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={result.kind === 'missing' || undefined}
            aria-describedby={result.kind === 'missing' ? `${id}-missing` : `${id}-hint`}
            onChange={() => setResult({ kind: 'idle' })}
            className="field-input cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
          />
          {result.kind === 'missing' ? (
            <p id={`${id}-missing`} className="field-error">
              {MISSING}
            </p>
          ) : (
            <p id={`${id}-hint`} className="mt-1 text-sm text-ink-700">
              The PDF exactly as you received it, by email or from the client portal.
            </p>
          )}
        </div>
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto" aria-disabled={checking || undefined}>
            {checking ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <FileCheck2 aria-hidden="true" className="size-5" />
            )}
            {checking ? 'Checking...' : 'Check the PDF'}
          </button>
        </div>
      </form>
      {/* Always in the page, so that what appears in them is announced. */}
      <div role="status" className="[&:not(:empty)]:mt-6">
        {checking && <span className="sr-only">Checking the PDF...</span>}
        {answer?.valid === true && (
          <p className="flex gap-3 rounded-xl bg-green-50 p-4 text-green-950 ring-1 ring-green-700/30">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-green-700" />
            <span className="min-w-0 wrap-anywhere">{validSentence(answer)}</span>
          </p>
        )}
        {answer?.valid === false && (
          <p className="flex gap-3 rounded-xl bg-amber-50 p-4 text-ink-900 ring-1 ring-amber-700/30">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-800" />
            <span className="min-w-0">We did not issue this PDF, or it was changed after we issued it.</span>
          </p>
        )}
      </div>
      <div role="alert" className="[&:not(:empty)]:mt-6">
        {result.kind === 'failed' && (
          <p className="rounded-xl bg-red-50 p-4 font-semibold text-danger-700 ring-1 ring-danger-700/30">
            {result.message}
          </p>
        )}
      </div>
    </section>
  );
}
