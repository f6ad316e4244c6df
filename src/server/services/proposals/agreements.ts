/**
 * A signed agreement's PDF (docs/product.md#agreements; docs/decisions/0042-proposals-and-agreements.md):
 * made right after the signature's write, stored twice (the agreement's own copy, which nothing
 * deletes but the client's deletion, and a file on the project's Files), emailed to both sides
 * with the PDF attached, and recognised by `/verify` from its SHA-256.
 *
 * `finishAgreement` renders outside any transaction (a PDF takes tens of milliseconds; the write
 * lock is never held for it), then records the PDF, the project's file and the emails in one
 * write. The agreement's id is the row's key, so two processes finishing the same agreement (the
 * request and the sweep after a crash) store one PDF and send each email once; the loser deletes
 * the bytes it stored. `finishPendingAgreements` is that sweep.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { agreementDocuments, agreements, clientMembers, projectFiles, projects } from '../../../../db/schema/index.ts';
import { company } from '../../../shared/company.ts';
import { agreementReference, type SignedDocument } from '../../../shared/proposals.ts';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { newStorageKey, type FileStorage } from '../../storage/storage.ts';
import { deleteStoredFiles } from '../files/cleanup.ts';
import { queueEmail } from '../email/queue.ts';
import { formatTime } from '../email/templates/layout.tsx';
import { renderAgreementSigned } from '../email/templates/proposals.tsx';
import { recordEvent } from '../events/events.ts';
import { agreementFileName, VERIFY_PATH } from './agreement-files.ts';
import { renderAgreementPdf } from './agreement-pdf.ts';
import { sha256Hex } from './documents.ts';
import { SIGNING_ROLES } from './recipients.ts';

/** What finishing an agreement needs. */
export interface AgreementDeps {
  db: Database;
  storage: FileStorage;
  env: Pick<Env, 'SITE_URL' | 'SITE_TIME_ZONE'>;
}

/** The agreement `id` as the PDF shows it. */
async function pdfInput(deps: AgreementDeps, row: typeof agreements.$inferSelect) {
  const document = JSON.parse(row.document) as SignedDocument;
  return {
    agreementId: row.id,
    document,
    documentHash: row.documentHash,
    signers: [
      {
        name: row.signerName,
        email: row.signerEmail,
        role: row.signerRole,
        signedAt: row.signedAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        consentVersion: row.consentVersion,
        signatureSvg: row.signatureSvg,
      },
    ],
    timeZone: deps.env.SITE_TIME_ZONE,
    verifyUrl: new URL(VERIFY_PATH, deps.env.SITE_URL).href,
  };
}

/**
 * Makes, stores and emails agreement `agreementId`'s PDF (see the module comment), telling the
 * team at `teamTo`. Resolves true when this call recorded it, false when it already was (or the
 * agreement is gone). Rejects with what the PDF library, the storage or the database rejects;
 * then nothing is recorded and the sweep tries again.
 */
export async function finishAgreement(deps: AgreementDeps, agreementId: string, teamTo: string[]): Promise<boolean> {
  const { db, storage, env } = deps;
  const [row] = await db.read.select().from(agreements).where(eq(agreements.id, agreementId));
  if (!row) return false;
  const [done] = await db.read
    .select({ id: agreementDocuments.agreementId })
    .from(agreementDocuments)
    .where(eq(agreementDocuments.agreementId, agreementId));
  if (done) return false;
  const input = await pdfInput(deps, row);
  const pdf = await renderAgreementPdf(input);
  const pdfSha256 = sha256Hex(pdf);
  const ownKey = newStorageKey();
  const fileKey = newStorageKey();
  await storage.put(ownKey, Readable.from([pdf]));
  await storage.put(fileKey, Readable.from([pdf])).catch(async (error: unknown) => {
    await deleteStoredFiles(storage, [ownKey]);
    throw error;
  });
  const title = input.document.proposal.title;
  const filename = agreementFileName(agreementId, title);
  const reference = agreementReference(agreementId);
  const recorded = await db
    .write(async (tx) => {
      const [project] = row.projectId
        ? await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, row.projectId))
        : [];
      let fileId: string | null = null;
      if (project) {
        const [file] = await tx
          .insert(projectFiles)
          .values({
            projectId: project.id,
            clientId: row.clientId,
            storageKey: fileKey,
            name: filename,
            size: pdf.length,
            type: 'application/pdf',
            sha256: pdfSha256,
            uploadedBy: 'staff',
            uploaderName: company.name,
          })
          .returning({ id: projectFiles.id });
        fileId = file!.id;
      }
      const [stored] = await tx
        .insert(agreementDocuments)
        .values({ agreementId, storageKey: ownKey, pdfSha256, size: pdf.length, fileId })
        .onConflictDoNothing()
        .returning({ id: agreementDocuments.agreementId });
      if (!stored) {
        // Finished meanwhile by another process: undo this file row too.
        if (fileId) await tx.delete(projectFiles).where(eq(projectFiles.id, fileId));
        return false;
      }
      const attachments = [{ storageKey: ownKey, filename, contentType: 'application/pdf' }];
      const time = formatTime(row.signedAt, env.SITE_TIME_ZONE);
      const common = {
        title,
        reference,
        signer: row.signerName,
        time,
        documentHash: row.documentHash,
        verifyUrl: input.verifyUrl,
      };
      // The client's side: the signer, and the team's other owners and billing members.
      const people = await tx
        .select()
        .from(clientMembers)
        .where(
          and(
            eq(clientMembers.clientId, row.clientId),
            inArray(clientMembers.role, [...SIGNING_ROLES]),
            isNull(clientMembers.erasedAt),
          ),
        );
      const [signer] = await tx
        .select()
        .from(clientMembers)
        .where(and(eq(clientMembers.id, row.signerMemberId), isNull(clientMembers.erasedAt)));
      const others = people.filter((person) => person.id !== row.signerMemberId && person.joinedAt);
      for (const person of signer ? [signer, ...others] : others) {
        const rendered = await renderAgreementSigned({
          ...common,
          name: person.name,
          link: new URL('/portal', env.SITE_URL).href,
          team: false,
        });
        await queueEmail(tx, 'client', [person.email], rendered, {}, attachments);
      }
      if (teamTo.length > 0) {
        const link = project
          ? new URL(`/admin#project/${project.id}`, env.SITE_URL).href
          : new URL('/admin', env.SITE_URL).href;
        const rendered = await renderAgreementSigned({ ...common, name: 'team', link, team: true });
        await queueEmail(tx, 'team', teamTo, rendered, {}, attachments);
      }
      if (project) await recordEvent(tx, { type: 'project-updated', projectId: project.id, clientId: row.clientId });
      return true;
    })
    .catch(async (error: unknown) => {
      await deleteStoredFiles(storage, [ownKey, fileKey]);
      throw error;
    });
  if (!recorded) await deleteStoredFiles(storage, [ownKey, fileKey]);
  return recorded;
}

/** How old an agreement without a PDF must be before the sweep makes it: a minute, in milliseconds. */
const PENDING_AFTER_MS = 60_000;

/**
 * Finishes every agreement signed over a minute ago that has no PDF yet (the process that took the
 * signature died before finishing it, or its storage failed), oldest first, at most `limit`.
 * Resolves how many this call finished; an agreement that fails is left for the next round.
 */
export async function finishPendingAgreements(
  deps: AgreementDeps,
  teamTo: () => Promise<string[]>,
  now = new Date(),
  limit = 20,
): Promise<number> {
  const pending = await deps.db.read
    .select({ id: agreements.id })
    .from(agreements)
    .leftJoin(agreementDocuments, eq(agreementDocuments.agreementId, agreements.id))
    .where(
      and(isNull(agreementDocuments.agreementId), lt(agreements.signedAt, new Date(now.getTime() - PENDING_AFTER_MS))),
    )
    .orderBy(asc(agreements.signedAt))
    .limit(limit);
  let finished = 0;
  for (const { id } of pending) {
    if (await finishAgreement(deps, id, await teamTo())) finished++;
  }
  return finished;
}
