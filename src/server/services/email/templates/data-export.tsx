/**
 * The email that brings a data export's download link (docs/product.md#privacy): to the client who
 * asked, or to the staff member who asked for a client or a lead. The link is
 * `/data-export#token=…`, works once and for 48 hours; the token stays after `#`, so it never
 * reaches a server log.
 */
import { company } from '../../../../shared/company.ts';
import { formatBytes } from '../../../../shared/bytes.ts';
import { AccountLink } from './account-links.tsx';
import { renderEmail } from './layout.tsx';
import type { RenderedEmail } from './types.ts';

/** Who the email goes to, whose data it is, the link and the archive's size in bytes. */
export interface DataExportEmail {
  /** The greeting's name: the client's, or the staff member's. */
  name: string;
  /** Whose data: the client's or lead's name (for a staff member's email). */
  subjectName: string;
  forStaff: boolean;
  link: string;
  sizeBytes: number;
}

/** Subject `Your data from {company} is ready`, or `Data export of {name} is ready` for staff. */
export function renderDataExport(data: DataExportEmail): Promise<RenderedEmail> {
  const subject = data.forStaff
    ? `Data export of ${data.subjectName} is ready`
    : `Your data from ${company.name} is ready`;
  const what = data.forStaff
    ? `The export you asked for, of everything we hold about ${data.subjectName}, is ready (${formatBytes(data.sizeBytes)}, a ZIP file).`
    : `The copy of your data you asked for is ready (${formatBytes(data.sizeBytes)}, a ZIP file).`;
  return renderEmail(
    subject,
    <AccountLink
      name={data.name}
      link={data.link}
      subject={subject}
      button="Download the data"
      lines={[what, 'Download it within the next 48 hours. The link works once.']}
      footer={
        data.forStaff
          ? 'Check who asked before you pass it on: it holds personal data.'
          : 'If you did not ask for this, tell us by replying to this email.'
      }
    />,
  );
}
