/**
 * /website-audit (docs/product.md#website-audit): the form (website URL, name, email; 'Get Free
 * Audit Report'), 'Analyzing Your Website...' while the useRunAudit write runs, then the real
 * report: the score out of 100 in its band's colour with the band's message, the issues (category,
 * severity, impact), the recommendations, every check with its points, what the audit does not
 * measure, and 'Get Free Consultation' to /#contact. A refused address shows the server's
 * message once, on the website field; a failure that belongs to no field shows above the fields.
 * When the audit could not be run but the request was stored as a lead, the visitor is told that
 * the team has it and will reply.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '../lib/icon.tsx';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  auditFormSchema,
  scoreBand,
  type AuditFormInput,
  type AuditReport,
  type Severity,
} from '../../shared/audit.ts';
import { cn } from '../lib/cn.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { formLevelError, useSubmit } from '../lib/use-submit.ts';
import { Field, Honeypot } from '../ui/form.tsx';
import { recordedLeadOf, useRunAudit } from './mutations.ts';

const BAND_STYLE = {
  green: { ring: 'ring-green-600', text: 'text-green-800', bg: 'bg-green-50', bar: 'bg-green-600' },
  yellow: { ring: 'ring-yellow-500', text: 'text-yellow-900', bg: 'bg-yellow-50', bar: 'bg-yellow-500' },
  red: { ring: 'ring-red-600', text: 'text-red-800', bg: 'bg-red-50', bar: 'bg-red-600' },
} as const;

const SEVERITY_STYLE: Record<Severity, string> = {
  high: 'bg-red-100 text-red-900',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-slate-200 text-slate-900',
};

function Report({ report, onAgain }: { report: AuditReport; onAgain: () => void }) {
  const { band, message } = scoreBand(report.score);
  const style = BAND_STYLE[band];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-8">
      <section
        aria-labelledby="score-title"
        className={cn('rounded-2xl p-6 ring-2 sm:p-8', style.bg, style.ring)}
        data-band={band}
      >
        <h2 ref={heading} tabIndex={-1} id="score-title" className="text-xl font-bold text-ink-900 focus:outline-none">
          Audit of <span className="wrap-anywhere">{report.finalUrl}</span>
        </h2>
        <div className="mt-4 flex flex-wrap items-center gap-6">
          <p className={cn('text-6xl font-extrabold', style.text)}>
            {report.score}
            <span className="text-2xl font-bold text-ink-700">/100</span>
          </p>
          <p className={cn('max-w-md text-lg font-semibold', style.text)}>{message}</p>
        </div>
        <div
          role="progressbar"
          aria-label="Score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={report.score}
          className="mt-4 h-3 overflow-hidden rounded-full bg-white ring-1 ring-ink-700/10"
        >
          {/* The width is data, not layout: set through a CSS variable (no inline style rule). */}
          <div
            className={cn('h-full w-[var(--score)] rounded-full', style.bar)}
            ref={(el) => el?.style.setProperty('--score', `${report.score}%`)}
          />
        </div>
        <p className="mt-4 flex gap-2 text-sm text-ink-700">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          {report.notMeasured}
        </p>
      </section>

      <section aria-labelledby="issues-title">
        <h2 id="issues-title" className="text-2xl font-bold text-ink-900">
          Issues found ({report.issues.length})
        </h2>
        {report.issues.length === 0 ? (
          <p className="mt-3 text-ink-700">No issues found in what this audit checks.</p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {report.issues.map((issue) => (
              <li key={issue.message} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-700/10">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-bold text-ink-900">
                    {issue.category}
                  </span>
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-bold capitalize',
                      SEVERITY_STYLE[issue.severity],
                    )}
                  >
                    {issue.severity}
                    <span className="sr-only"> severity</span>
                  </span>
                </div>
                <p className="mt-2 font-semibold text-ink-900">{issue.message}</p>
                <p className="mt-1 text-ink-700">
                  <span className="font-semibold">Impact: </span>
                  {issue.impact}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recommendations-title">
        <h2 id="recommendations-title" className="text-2xl font-bold text-ink-900">
          Recommendations
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6 text-ink-800">
          {report.recommendations.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </section>

      <details className="rounded-xl bg-white p-4 ring-1 ring-ink-700/10">
        <summary className="cursor-pointer font-semibold text-ink-900">Every check and its points</summary>
        <ul className="mt-3 grid gap-2 text-sm">
          {report.checks.map((check) => (
            <li key={check.id} className="flex items-center gap-2">
              {check.earned === check.points ? (
                <Icon name="circle-check" className="size-4 shrink-0 text-green-700" />
              ) : (
                <Icon name="circle-x" className="size-4 shrink-0 text-red-700" />
              )}
              <span className="flex-1 text-ink-800">
                {check.category}: {check.label}
              </span>
              <span className="font-mono text-ink-700">
                {check.earned}/{check.points}
              </span>
            </li>
          ))}
        </ul>
      </details>

      <div className="flex flex-wrap gap-3">
        <a href="/#contact" className="btn-primary">
          Get Free Consultation
        </a>
        <button type="button" className="btn-secondary" onClick={onAgain}>
          <Icon name="rotate-ccw" className="size-4" /> Audit another website
        </button>
      </div>
    </div>
  );
}

/** The form's fields, which the server's field messages may name. */
const AUDIT_FIELDS = ['website', 'name', 'email'] as const;

function AuditForm() {
  const honeypot = useRef<HTMLInputElement>(null);
  const shownAt = useRef(Date.now());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AuditFormInput>({
    resolver: zodResolver(auditFormSchema),
    defaultValues: { website: '', name: '', email: '' },
  });

  const audit = useRunAudit(() => ({ fax: honeypot.current?.value ?? '', startedAt: shownAt.current }));
  // The report, or a failure that belongs to no field (above the fields), come from the write's
  // own state; a field's failure is shown under that field only.
  const onSubmit = useSubmit(audit, { setError });
  const failure = formLevelError(audit.error, AUDIT_FIELDS, 'The audit could not be run. Please try again later.');
  const recorded = recordedLeadOf(audit.error) !== null;

  if (audit.isSuccess) return <Report report={audit.data.report} onAgain={() => audit.reset()} />;

  return (
    <div className="grid gap-6">
      {isSubmitting ? (
        <div
          role="status"
          className="flex flex-col items-center gap-4 rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-ink-700/10"
        >
          <Icon name="gauge" className="size-12 animate-pulse text-brand-700" />
          <p className="text-xl font-bold text-ink-900">Analyzing Your Website...</p>
          <p className="text-ink-700">We fetch the page once and check its security headers, SEO and weight.</p>
        </div>
      ) : null}
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Website audit"
        hidden={isSubmitting}
        className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10 sm:p-8"
      >
        {failure && (
          <p role="alert" className="flex gap-2 rounded-lg bg-red-50 p-4 text-danger-700 ring-1 ring-red-200">
            <Icon name="triangle-exclamation-point" className="mt-0.5 size-5 shrink-0" />
            {failure}
          </p>
        )}
        {recorded && (
          <p role="status" className="flex gap-2 rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
            <Icon name="circle-check" className="mt-0.5 size-5 shrink-0" />
            <span>
              We still have your request: our team will get back to you at{' '}
              <span className="font-semibold wrap-anywhere">{audit.variables?.email}</span> within one business day.
            </span>
          </p>
        )}
        <Field label="Website URL" error={errors.website?.message}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://yourbusiness.com"
              className="field-input"
              {...register('website')}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Your Name" error={errors.name?.message}>
            {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(control) => (
              <input {...control} type="email" autoComplete="email" className="field-input" {...register('email')} />
            )}
          </Field>
        </div>
        <Honeypot inputRef={honeypot} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          <Icon name="search" className="size-5" /> Get Free Audit Report
        </button>
        <p className="text-sm text-ink-700">
          We read your page once, like a browser would, and keep your name and email to send you our advice. We never
          store or show the page itself.
        </p>
      </form>
    </div>
  );
}

export default function WebsiteAudit() {
  return (
    <QueryIsland>
      <AuditForm />
    </QueryIsland>
  );
}
