/**
 * Consent records (docs/product.md#privacy; docs/decisions/0032-privacy-export-erasure-consent.md):
 * append-only rows of who agreed (or withdrew) to what, with the version and SHA-256 of the exact
 * text shown (src/shared/consent-texts.ts), how, and when. No IP address is kept; a visitor is an
 * anonymous random id from a cookie.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import {
  clientMembers,
  consentRecords,
  contactSubmissions,
  newsletterSubscribers,
} from '../../../../db/schema/index.ts';
import { consentTextAt, currentConsentText, type ConsentPurposeName } from '../../../shared/consent-texts.ts';
import { InvalidFieldError, NotFoundError } from '../../errors.ts';
import { writeIn, type Database, type SqlDb, type Writer } from '../../db/database.ts';

/** Whose consent: a visitor's anonymous id, a client, a lead, a newsletter subscriber. */
export interface ConsentSubject {
  kind: 'visitor' | 'client' | 'lead' | 'subscriber';
  id: string;
}

/**
 * Appends a consent given or withdrawn by `subject` for `purpose`, as shown at `textVersion`
 * (the current text when omitted). InvalidFieldError on `textVersion` for a version never shown.
 */
export async function recordConsent(
  db: Writer,
  subject: ConsentSubject,
  consent: {
    purpose: ConsentPurposeName;
    granted: boolean;
    method: 'banner' | 'form' | 'checkbox' | 'settings';
    textVersion?: string | undefined;
  },
  now = new Date(),
): Promise<void> {
  const text = consent.textVersion
    ? consentTextAt(consent.purpose, consent.textVersion)
    : currentConsentText(consent.purpose);
  if (!text) throw new InvalidFieldError('textVersion', 'This text version was never shown');
  await writeIn(db, (tx) =>
    tx.insert(consentRecords).values({
      subjectKind: subject.kind,
      subjectId: subject.id,
      purpose: consent.purpose,
      granted: consent.granted,
      textVersion: text.version,
      textSha256: createHash('sha256').update(text.text, 'utf8').digest('hex'),
      method: consent.method,
      createdAt: now,
    }),
  );
}

/**
 * Every consent record about client member `memberId`: as a client's person, as the leads with
 * their client's id or their email, and as the newsletter subscriber with their email; oldest
 * first. NotFoundError('Client') for an unknown member.
 */
export async function consentsOfClient(db: Database | { read: SqlDb }, memberId: string) {
  const read = db.read;
  const [member] = await read
    .select({ email: clientMembers.email, clientId: clientMembers.clientId })
    .from(clientMembers)
    .where(eq(clientMembers.id, memberId));
  if (!member) throw new NotFoundError('Client');
  const client = { email: member.email };
  const clientId = member.clientId;
  const leads = await read
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(or(eq(contactSubmissions.clientId, clientId), eq(contactSubmissions.email, client.email)));
  const subscribers = await read
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, client.email));
  const subjects = [
    ofSubjects('client', [memberId]),
    ofSubjects(
      'lead',
      leads.map((l) => l.id),
    ),
    ofSubjects(
      'subscriber',
      subscribers.map((s) => s.id),
    ),
  ];
  return consentsWhere(read, or(...subjects));
}

/**
 * Every consent record about lead `leadId`: as the lead, and as the newsletter subscriber with its
 * email; oldest first. NotFoundError('Lead').
 */
export async function consentsOfLead(db: Database | { read: SqlDb }, leadId: string) {
  const read = db.read;
  const [lead] = await read
    .select({ email: contactSubmissions.email })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, leadId));
  if (!lead) throw new NotFoundError('Lead');
  const subscribers = lead.email
    ? await read
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, lead.email))
    : [];
  return consentsWhere(
    read,
    or(
      ofSubjects('lead', [leadId]),
      ofSubjects(
        'subscriber',
        subscribers.map((s) => s.id),
      ),
    ),
  );
}

/** The condition for the records of the subjects of `kind` with `ids`; undefined for none. */
function ofSubjects(kind: ConsentSubject['kind'], ids: string[]) {
  return ids.length > 0 ? and(eq(consentRecords.subjectKind, kind), inArray(consentRecords.subjectId, ids)) : undefined;
}

/** The consent records `where` selects, oldest first, as the API shows them. */
async function consentsWhere(read: SqlDb, where: ReturnType<typeof or>) {
  const rows = await read.select().from(consentRecords).where(where).orderBy(asc(consentRecords.createdAt));
  return rows.map((r) => ({
    id: r.id,
    subject: { kind: r.subjectKind, id: r.subjectId },
    purpose: r.purpose,
    granted: r.granted,
    textVersion: r.textVersion,
    textSha256: r.textSha256,
    method: r.method,
    createdAt: r.createdAt.toISOString(),
  }));
}
