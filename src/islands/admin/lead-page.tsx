/**
 * A lead's page (docs/product.md#leads): the lead as its card shows it (message, source,
 * 'How did you find us', audit score, contact actions, status, "Convert to client" and the
 * staff's notes, its newest proposal), `Write a proposal` for a lead with an email
 * (docs/product.md#proposals), and for a website-audit lead the audit report it was sent: the
 * score, each check with its points, the issues found and the recommendations; or, when the audit
 * could not be run, why.
 */
import { FileSignature } from 'lucide-react';
import type { AuditReport } from '../../shared/audit.ts';
import { scoreBand } from '../../shared/audit.ts';
import { formatDateTime } from '../lib/format.ts';
import { LeadCard } from './leads-tab.tsx';
import { LeadPrivacy } from './privacy-panels.tsx';
import { Badge } from './parts.tsx';
import { Panel, RecordPage } from './page-frame.tsx';
import { useLead } from './queries.ts';
import { navigate } from './route.ts';

const BAND_TONE = { green: 'green', yellow: 'amber', red: 'red' } as const;

function AuditReportPanel({ report }: { report: AuditReport }) {
  const band = scoreBand(report.score);
  return (
    <Panel title="Audit report" id="audit-report-heading">
      <p className="flex flex-wrap items-center gap-2 text-ink-900">
        <Badge tone={BAND_TONE[band.band]}>{report.score}/100</Badge>
        <span className="wrap-anywhere">{report.finalUrl}</span>
        <span className="text-sm text-ink-700">
          audited <time dateTime={report.auditedAt}>{formatDateTime(report.auditedAt)}</time>
        </span>
      </p>
      <p className="mt-1 text-sm text-ink-700">{band.message}</p>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Checks and the points earned</caption>
        <thead>
          <tr className="border-b border-ink-700/10 text-xs text-ink-700 uppercase">
            <th scope="col" className="py-2 pr-3">
              Check
            </th>
            <th scope="col" className="py-2 pr-3">
              Category
            </th>
            <th scope="col" className="py-2 text-right">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {report.checks.map((check) => (
            <tr key={check.id} className="border-b border-ink-700/5">
              <td className="py-2 pr-3 text-ink-900">{check.label}</td>
              <td className="py-2 pr-3 text-ink-700">{check.category}</td>
              <td className="py-2 text-right whitespace-nowrap text-ink-900">
                {check.earned} of {check.points}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.issues.length > 0 && (
        <>
          <h3 className="mt-5 font-bold text-ink-900">Issues</h3>
          <ul className="mt-2 grid gap-2 text-sm">
            {report.issues.map((issue, index) => (
              <li key={index} className="text-ink-900">
                <span className="font-semibold">
                  {issue.category} · {issue.severity}:
                </span>{' '}
                {issue.message} <span className="text-ink-700">{issue.impact}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {report.recommendations.length > 0 && (
        <>
          <h3 className="mt-5 font-bold text-ink-900">Recommendations</h3>
          <ul className="mt-2 list-disc pl-5 text-sm text-ink-900">
            {report.recommendations.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/** The page of lead `id`. */
export function LeadPage({ id }: { id: string }) {
  const lead = useLead(id);
  return (
    <RecordPage
      query={lead}
      what="lead"
      backHref="#leads"
      backLabel="Back to leads"
      title={(l) => l.name}
      actions={(l) =>
        l.email ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => navigate(`proposals/new?leadId=${encodeURIComponent(l.id)}`, 'push')}
          >
            <FileSignature aria-hidden="true" className="size-4" /> Write a proposal
            <span className="sr-only"> for {l.name}</span>
          </button>
        ) : null
      }
    >
      {(l) => (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <div className="grid gap-6">
            <ul>
              <LeadCard lead={l} notesOpen />
            </ul>
            <LeadPrivacy lead={l} />
          </div>
          {l.auditReport ? (
            <AuditReportPanel report={l.auditReport} />
          ) : l.auditError ? (
            <Panel title="Audit report" id="audit-report-heading">
              <p className="text-ink-900">
                <Badge tone="red">Audit failed</Badge> <span className="text-danger-700">{l.auditError}</span>
              </p>
              <p className="mt-2 text-sm text-ink-700">
                The request was kept as a lead: the visitor was told the audit could not be run and that we would be in
                touch.
              </p>
            </Panel>
          ) : l.source === 'audit' ? (
            <Panel title="Audit report" id="audit-report-heading">
              <p className="text-ink-700">This request came before reports were kept; only its score was stored.</p>
            </Panel>
          ) : null}
        </div>
      )}
    </RecordPage>
  );
}
