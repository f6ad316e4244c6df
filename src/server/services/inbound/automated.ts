/**
 * Whether a received email was sent by a machine rather than a person (docs/product.md#email-replies):
 * an auto-reply, a bounce, or our own mail come back. Such an email is never posted nor answered.
 *
 * `X-Auto-Response-Suppress` is deliberately not a signal. It is Exchange's request that no
 * auto-reply be sent *to* the message carrying it (MS-OXCMAIL 2.1.3.2.20: "Suppress delivery
 * reports", "Suppress Out of Office (OOF) notifications", …), not a statement that the message is
 * automatic, and mail systems add it to ordinary mail (Exchange transport rules, list servers);
 * Discourse (PR 21367), osTicket (PR 5320) and Sisimai (issue 491) stopped treating it as
 * "automated" after it swallowed real replies. An Outlook out-of-office reply is still caught by
 * its `Auto-Submitted: auto-generated` header and its "Automatic reply:" subject.
 */

/** The headers of a parsed email, as postal-mime's `email.headers` gives them (`key` lowercase). */
export type MailHeaders = readonly { key: string; value: string }[];

/** What else is known of the email. */
export interface AutomatedInfo {
  /** The decoded Subject. */
  subject: string;
  /** The top-level Content-Type, parameters included. */
  contentType: string;
  /** The From address. */
  from: string;
  /** Our own sending addresses; our mail carries one of them in LOOP_HEADER. */
  ownAddresses: string[];
}

/** Why an email is not a person's reply. */
export type AutomatedReason = 'auto-reply' | 'bounce' | 'loop';

/**
 * The header our outgoing mail carries, with one of our own addresses as its value, so that our
 * mail that comes back to us (forwarded by a rule, resent by a list) is known. A de facto
 * header, in no RFC: procmail's and most list managers' convention.
 */
export const LOOP_HEADER = 'X-Loop';

/**
 * Precedence values that mean mass or automatic mail. A de facto header (sendmail's message
 * classes; RFC 2076 lists it as not standard): vacation programs and list managers such as
 * Mailman never answer `bulk`, `junk` or `list`, and `auto_reply` is what several auto-responders
 * write.
 */
const MASS_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);

/**
 * Subjects of out-of-office and automatic replies, at the start of the subject (a person's reply
 * starts with "Re:"): Outlook and Exchange ("Automatic reply:", "Out of Office:", "Réponse
 * automatique :", "Automatische Antwort:", "Abwesenheitsnotiz:", "Respuesta automática:",
 * "Automatisch antwoord:"), other responders' "Auto-Reply:", "Autoreply:", "Away from …",
 * "Absence …", "Afwezig …", and anywhere HCL Notes' "… is out of the office".
 */
const AUTO_SUBJECT = new RegExp(
  '^(?:out of (?:the )?office|automatic reply|auto[- ]?reply|away from|absence|réponse automatique|' +
    'abwesenheitsnotiz|automatische antwort|respuesta automática|afwezig|automatisch antwoord)(?![\\p{L}\\p{N}])' +
    '|\\bis out of the office\\b',
  'iu',
);

/** Local parts of the addresses bounces come from (RFC 5321 4.5.1 postmaster; sendmail's MAILER-DAEMON). */
const BOUNCE_SENDERS = new Set(['mailer-daemon', 'postmaster']);

/**
 * Why the email with `headers` and `info` is automated, or null when a person wrote it:
 * - `loop`: its LOOP_HEADER holds one of `info.ownAddresses`, or it comes from one of them
 *   (addresses compared without case);
 * - `bounce`: a `multipart/report` (RFC 6522: delivery status notifications, RFC 3464, and read
 *   receipts, RFC 8098), or From mailer-daemon@ or postmaster@;
 * - `auto-reply`: `Auto-Submitted` other than `no` (RFC 3834 section 5), `X-Autoreply` or
 *   `X-Autorespond` present (older vacation programs), Precedence `bulk`, `junk`, `list` or
 *   `auto_reply`, or an out-of-office subject.
 * The first that applies, in that order.
 */
export function automatedReason(headers: MailHeaders, info: AutomatedInfo): AutomatedReason | null {
  const own = new Set(info.ownAddresses.map(address));
  if (own.has(address(info.from)) || values(headers, LOOP_HEADER).some((value) => own.has(address(value)))) {
    return 'loop';
  }

  const type = info.contentType.split(';')[0]!.trim().toLowerCase();
  const localPart = address(info.from).replace(/@[^@]*$/, '');
  if (type === 'multipart/report' || BOUNCE_SENDERS.has(localPart)) return 'bounce';

  const submitted = values(headers, 'Auto-Submitted').map((value) => token(value));
  if (submitted.some((value) => value !== 'no')) return 'auto-reply';
  if (values(headers, 'X-Autoreply').length > 0 || values(headers, 'X-Autorespond').length > 0) return 'auto-reply';
  if (values(headers, 'Precedence').some((value) => MASS_PRECEDENCE.has(token(value)))) return 'auto-reply';
  if (AUTO_SUBJECT.test(info.subject.normalize('NFC').trim())) return 'auto-reply';
  return null;
}

/** The values of every header `name` (any case). */
function values(headers: MailHeaders, name: string): string[] {
  const key = name.toLowerCase();
  return headers.filter((header) => header.key.toLowerCase() === key).map((header) => header.value);
}

/** A header's first token, lowercase, without its parameters or comments. */
function token(value: string): string {
  return value
    .replace(/\([^)]*\)/g, '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/** An address without its angle brackets, display name or case. */
function address(value: string): string {
  const angled = /<([^<>]*)>/.exec(value);
  return (angled ? angled[1]! : value).trim().toLowerCase();
}
