import { readdirSync, readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { automatedReason, LOOP_HEADER, type AutomatedInfo, type MailHeaders } from './automated.ts';

const OWN = 'no-reply@firststatewebstudio.com';
const REPLY: AutomatedInfo = {
  subject: 'Re: Update on Bakery website',
  contentType: 'multipart/alternative; boundary="b1"',
  from: 'jane@bakery.example',
  ownAddresses: [OWN],
};

/** Headers as postal-mime gives them, from `Name: value` lines. */
function headers(...lines: string[]): MailHeaders {
  return lines.map((line) => {
    const at = line.indexOf(':');
    return { key: line.slice(0, at).trim().toLowerCase(), value: line.slice(at + 1).trim() };
  });
}

describe('automatedReason', () => {
  it.each([
    ['Auto-Submitted: auto-replied'],
    ['Auto-Submitted: auto-generated'],
    ['Auto-Submitted: Auto-Replied (vacation)'],
    ['Auto-Submitted: auto-notified; owner-email="jane@bakery.example"'],
    ['X-Autoreply: yes'],
    ['X-Autorespond: Jane is away'],
    ['Precedence: bulk'],
    ['Precedence: junk'],
    ['Precedence: list'],
    ['Precedence: auto_reply'],
    ['Precedence: Bulk'],
  ])('takes %j for an auto-reply', (line) => {
    expect(automatedReason(headers(line), REPLY)).toBe('auto-reply');
  });

  it.each([
    'Out of Office: Update on Bakery website',
    'Out of the office until Monday',
    'Automatic reply: Update on Bakery website',
    'Auto-Reply: Update on Bakery website',
    'Autoreply: Update on Bakery website',
    'Away from the bakery until 20 October',
    'Absence : Update on Café Lumière website',
    'Réponse automatique : Update on Café Lumière website',
    'Abwesenheitsnotiz: Update on Bäckerei Müller website',
    'Automatische Antwort: Update on Bäckerei Müller website',
    'Respuesta automática: Update on Panadería Sol website',
    'Afwezig: Update on Bakkerij de Vries website',
    'Automatisch antwoord: Update on Bakkerij de Vries website',
    'Jane Baker is out of the office.',
  ])('takes the subject %j for an auto-reply', (subject) => {
    expect(automatedReason([], { ...REPLY, subject })).toBe('auto-reply');
  });

  it('takes an Exchange out-of-office reply for an auto-reply', () => {
    const oof = headers(
      'Auto-Submitted: auto-generated',
      'X-Auto-Response-Suppress: All',
      'X-MS-Exchange-Inbox-Rules-Loop: jane@bakery.example',
    );
    expect(automatedReason(oof, { ...REPLY, subject: 'Automatic reply: Update on Bakery website' })).toBe('auto-reply');
  });

  it.each([
    ['multipart/report; report-type=delivery-status; boundary="r1"', 'mailer-daemon@mx.bakery.example'],
    ['Multipart/Report; report-type=disposition-notification', 'jane@bakery.example'],
    ['multipart/mixed; boundary="r2"', 'MAILER-DAEMON@mail.example'],
    ['text/plain', 'postmaster@bakery.example'],
  ])('takes %j from %j for a bounce', (contentType, from) => {
    const dsn = headers('Auto-Submitted: auto-replied');
    expect(automatedReason(dsn, { ...REPLY, contentType, from })).toBe('bounce');
  });

  it('takes our own mail come back for a loop', () => {
    expect(automatedReason(headers(`${LOOP_HEADER}: ${OWN}`), REPLY)).toBe('loop');
    expect(automatedReason(headers('X-LOOP: No-Reply@FirstStateWebStudio.com'), REPLY)).toBe('loop');
    expect(automatedReason(headers(`X-Loop: "First State Web Studio" <${OWN}>`), REPLY)).toBe('loop');
    expect(automatedReason([], { ...REPLY, from: 'No-Reply@firststatewebstudio.com' })).toBe('loop');
    // Before a bounce or an auto-reply: our mail is the first thing to know.
    const back = headers(`X-Loop: ${OWN}`, 'Auto-Submitted: auto-replied');
    expect(automatedReason(back, { ...REPLY, contentType: 'multipart/report' })).toBe('loop');
  });

  it.each([
    ['an ordinary reply', headers('Subject: Re: Update on Bakery website'), REPLY],
    ['Auto-Submitted: no', headers('Auto-Submitted: no'), REPLY],
    ['Precedence: normal', headers('Precedence: first-class'), REPLY],
    ['another system’s X-Loop', headers('X-Loop: support@helpdesk.example'), REPLY],
    [
      'an Outlook reply carrying X-Auto-Response-Suppress (added by an Exchange transport rule)',
      headers(
        'X-Auto-Response-Suppress: DR, OOF, AutoReply',
        'X-MS-Has-Attach:',
        'Thread-Topic: Update on Bakery website',
      ),
      REPLY,
    ],
    ['X-Auto-Response-Suppress: All', headers('X-Auto-Response-Suppress: All'), REPLY],
    ['a subject that only mentions an absence', [], { ...REPLY, subject: 'Re: Absence of the Sunday hours' }],
    ['a subject about office hours', [], { ...REPLY, subject: 'Re: Our office is away from Main Street now' }],
    ['a postmaster-like name', [], { ...REPLY, from: 'postmaster.jane@bakery.example' }],
  ])('does not flag %s', (_name, list, info) => {
    expect(automatedReason(list, info)).toBeNull();
  });
});

describe('automatedReason over the reply fixtures', () => {
  const dir = new URL('../../../../tests/fixtures/replies/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.eml'));

  it.each(files)('does not flag %s', async (file) => {
    const email = await PostalMime.parse(readFileSync(new URL(file, dir)));
    const contentType = email.headers.find((h) => h.key === 'content-type')?.value ?? 'text/plain';
    const info = { subject: email.subject ?? '', contentType, from: email.from?.address ?? '', ownAddresses: [OWN] };
    expect(automatedReason(email.headers, info)).toBeNull();
  });
});
