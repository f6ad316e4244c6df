/**
 * A person's data export as a ZIP archive (docs/product.md#privacy), written to the storage as a
 * stream through fflate, so its size is bounded by the storage, not by memory:
 *
 * - `README.md`: who and when, what each file holds, and what is left out and why;
 * - `data.json`: `{ schemaVersion, exportedAt, subject, records }`, every record by kind;
 * - `<kind>.csv`: one CSV per kind that has records (RFC 4180 through csv-stringify, with cells that
 *   could start a spreadsheet formula made text, as the leads' CSV does);
 * - `files/…`: the files the person uploaded, stored as they are (they are mostly compressed).
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FileStorage } from '../../storage/storage.ts';
import type { ExportContent, ExportRow } from './export-common.ts';
import { neutralizeCell } from '../leads/csv.ts';

/**
 * The version of data.json's shape: raised when a kind or a field is renamed or removed, so a
 * reader of an old archive knows which shape it holds.
 */
const EXPORT_SCHEMA_VERSION = 1;

/** What a kind of record is, for the README. */
const KIND_NOTES: Record<string, string> = {
  profile: 'Your account: name, email, company, phone, and your email preferences.',
  projects: 'Your projects with us: titles, status, dates, hours and budget (US cents).',
  milestones: "Your projects' milestones.",
  messages: 'Messages between you and us in the portal.',
  files: 'Files shared in your projects. Those you uploaded are in the files/ folder of this archive.',
  approvals: 'What we asked you to approve, and your answers.',
  sessions: 'Where your account is or was signed in: browser, address, method, dates.',
  passkeys: 'Your passkeys: their names and when they were added and last used.',
  two_step_verification: 'Whether two-step verification is on, and how many recovery codes are unused.',
  emails: 'Emails we sent you: subject and dates.',
  leads: 'What you sent us through the contact, audit and emergency forms, or a chat.',
  lead_notes: 'Notes our team wrote about your enquiries.',
  chats: 'Live chats you had with us.',
  chat_messages: 'The lines of those chats.',
  consents: 'Every consent you gave or withdrew: the purpose, the exact words shown, how and when.',
  newsletter: 'Your newsletter subscription.',
};

function readme(content: ExportContent, exportedAt: Date): string {
  const kinds = Object.entries(content.records)
    .map(
      ([kind, rows]) =>
        `| ${kind} | ${rows.length} | ${rows.length > 0 ? `\`${kind}.csv\`` : '(none)'} | ${KIND_NOTES[kind] ?? ''} |`,
    )
    .join('\n');
  return `# Your data

Everything we hold about ${content.subject.name}, exported on ${exportedAt.toISOString()} (UTC).

- \`data.json\` holds every record below in one file (schema version ${EXPORT_SCHEMA_VERSION}).
- Each kind of record that has any is also a CSV file, which a spreadsheet opens.
- \`files/\` holds the files you uploaded (${content.files.length}).

| Kind | Records | File | What it is |
| --- | --- | --- | --- |
${kinds}

## Left out

- Passwords and the secrets behind sign-in links, sessions, passkeys and two-step verification:
  we only keep scrambled forms of them (hashes), which are of no use outside our systems.
- Our team members appear by name only, never by their email address.
- Files our team marked internal, which are our own working documents.

Times are in UTC (ISO 8601). Amounts of money are in US cents.
To ask us to correct or erase this data, reply to the email that brought you this archive.
`;
}

/** A kind's rows as CSV, a header row first. */
function toCsv(rows: ExportRow[]): string {
  const columns = Object.keys(rows[0] ?? {});
  return stringify(
    rows.map((row) => columns.map((c) => (typeof row[c] === 'string' ? neutralizeCell(row[c]) : row[c]))),
    { header: true, columns, cast: { boolean: (b) => (b ? 'true' : 'false') } },
  );
}

/**
 * Writes the archive of `content` to `storage` under `key`; resolves with its size in bytes.
 * Rejects (leaving the caller to delete `key`) when a file cannot be read or the storage refuses.
 */
export async function writeExportArchive(
  storage: FileStorage,
  key: string,
  content: ExportContent,
  exportedAt: Date,
): Promise<number> {
  const out = new PassThrough();
  let size = 0;
  let failed: unknown = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed = error;
      out.destroy(error);
      return;
    }
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const stored = storage.put(key, out);
  // A storage that fails early would leave the writes below waiting on a drain that never comes.
  stored.catch((error: unknown) => {
    failed ??= error;
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const text = (name: string, body: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = exportedAt;
    zip.add(entry);
    entry.push(strToU8(body), true);
  };
  text('README.md', readme(content, exportedAt));
  text(
    'data.json',
    JSON.stringify(
      {
        schemaVersion: EXPORT_SCHEMA_VERSION,
        exportedAt: exportedAt.toISOString(),
        subject: content.subject,
        records: content.records,
      },
      null,
      2,
    ),
  );
  for (const [kind, rows] of Object.entries(content.records)) {
    if (rows.length > 0) text(`${kind}.csv`, toCsv(rows));
  }
  for (const file of content.files) {
    const entry = new ZipPassThrough(file.path);
    entry.mtime = exportedAt;
    zip.add(entry);
    for await (const chunk of await storage.read(file.storageKey)) {
      if (failed) break;
      entry.push(chunk as Uint8Array);
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await stored;
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return size;
}
