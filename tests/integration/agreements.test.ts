/**
 * Accepting is signing (docs/product.md#agreements): the signature names the hash of what was
 * opened; the agreement is written once, with who, when, from where and the consent; its PDF is
 * stored on the project and emailed to both sides, and /verify recognises exactly that PDF. The
 * same write starts the project and wins the lead.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminEvents,
  agreementDocuments,
  agreements,
  contactSubmissions,
  milestones,
  projectFiles,
  projects,
  proposals,
} from '../../db/schema/index.ts';
import { currentEsignDisclosure } from '../../src/shared/esign.ts';
import { withStaffApi } from './helpers.ts';
import { call, proposalHelpers } from './proposal-helpers.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });
const { sentToClient, signIn, addMember, draft, send, invitationToken } = proposalHelpers(suite);

const accept = (id: string, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(suite, 'POST', `/api/client/proposals/${id}/accept`, token, body, headers);

/** POST /api/agreements/verify with `bytes` as the multipart field `file`. */
async function verify(bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'agreement.pdf');
  const response = await suite.api.raw('/api/agreements/verify', { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

describe('signing a proposal', () => {
  it('shows the client the document with its hash and the server’s totals for the items it ticks', async () => {
    const { id, ownerToken, documentHash } = await sentToClient('Totals Co');
    const plain = await call(suite, 'GET', `/api/client/proposals/${id}`, ownerToken);
    expect(plain.body).toMatchObject({
      documentHash,
      status: 'viewed',
      totals: { oneOffCents: 250_000, monthlyCents: 9_900, depositCents: 125_000 },
      terms: { title: 'Terms of Service', text: expect.stringContaining('## About these terms') },
    });
    const ticked = await call(suite, 'GET', `/api/client/proposals/${id}?optionalItems=2`, ownerToken);
    expect(ticked.body.totals).toMatchObject({ oneOffCents: 295_000, depositCents: 147_500 });
    expect(ticked.body.documentHash).toBe(documentHash);
    const staff = await call(suite, 'GET', `/api/admin/proposals/${id}`, suite.staffToken);
    expect(staff.body).toMatchObject({
      status: 'viewed',
      firstViewedAt: expect.any(String),
      lastViewedAt: expect.any(String),
    });
  });

  it('records the agreement, starts the project, stores and emails the PDF, and /verify knows it', async () => {
    const { id, ownerToken, documentHash, owner, clientId } = await sentToClient('Signing Bakery');
    const signature =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" onload="alert(1)"><path d="M 10 50 L 100 20 L 200 80" stroke="red" onclick="alert(2)"/></svg>';
    const signed = await accept(
      id,
      ownerToken,
      { signerName: 'Dana Q. Reyes', consent: true, documentHash, optionalItems: [2], signatureSvg: signature },
      { 'user-agent': 'Mozilla/5.0 (Test) Signing', 'x-test-address': '198.51.100.77' },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toEqual({
      agreementId: expect.any(String),
      projectId: expect.any(String),
      depositInvoiceId: expect.any(String),
    });
    const { agreementId, projectId } = signed.body;

    const [agreement] = await suite.api.db.read.select().from(agreements).where(eq(agreements.id, agreementId));
    expect(agreement).toMatchObject({
      proposalId: id,
      clientId,
      projectId,
      signerName: 'Dana Q. Reyes',
      signerEmail: owner.email,
      signerRole: 'owner',
      ipAddress: '198.51.100.77',
      userAgent: 'Mozilla/5.0 (Test) Signing',
      consentVersion: currentEsignDisclosure().version,
      // Only the strokes survive: no attribute or event handler of what was sent.
      signatureSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M 10 50 L 100 20 L 200 80"/></svg>',
    });
    expect(agreement!.documentHash).toBe(createHash('sha256').update(agreement!.document).digest('hex'));
    const document = JSON.parse(agreement!.document);
    expect(document).toMatchObject({
      offeredHash: documentHash,
      chosenOptionalItems: [2],
      totals: { oneOffCents: 295_000, monthlyCents: 9_900, depositCents: 147_500 },
      proposal: { terms: { version: expect.any(String), text: expect.stringContaining('Terms') } },
    });

    const [project] = await suite.api.db.read.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({ clientId, title: 'New website', budget: 295_000, status: 'planning' });
    const plan = await suite.api.db.read.select().from(milestones).where(eq(milestones.projectId, projectId));
    // One milestone per one-off line taken (the optional logo was ticked); none for the monthly plan.
    expect(plan.sort((a, b) => a.orderIndex - b.orderIndex).map((m) => m.title)).toEqual([
      'Design and build',
      'Copywriting',
      'Logo refresh',
    ]);

    const pdf = await call(suite, 'GET', `/api/agreements/${agreementId}/pdf`, ownerToken);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(pdf.body as ArrayBuffer);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const [file] = await suite.api.db.read.select().from(projectFiles).where(eq(projectFiles.projectId, projectId));
    expect(file).toMatchObject({ type: 'application/pdf', name: expect.stringMatching(/^Agreement AGR-/) });
    const staffPdf = await call(suite, 'GET', `/api/agreements/${agreementId}/pdf`, suite.staffToken);
    expect(staffPdf.status).toBe(200);

    expect(await verify(bytes)).toMatchObject({
      status: 200,
      body: { valid: true, agreementId, title: 'New website' },
    });
    const tampered = bytes.slice();
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle]! ^ 0x01;
    expect((await verify(tampered)).body).toEqual({ valid: false });

    await suite.api.deliver();
    const mails = suite.api.outbox().filter((m) => m.includes('Signed: New website'));
    // The signer, and the team.
    expect(mails.some((m) => m.includes(`To: ${owner.email}`))).toBe(true);
    expect(mails.some((m) => m.includes('To: owner@example.com'))).toBe(true);
    for (const mail of mails) expect(mail).toMatch(/Content-Type: application\/pdf; name=/);
    const decision = suite.api.outbox().find((m) => m.includes('accepted New website'));
    expect(decision).toBeDefined();

    // The signer's data export holds their signature's record.
    const { clientExportContent } = await import('../../src/server/services/privacy/export-records.ts');
    const exported = await clientExportContent(suite.api.db, agreement!.signerMemberId);
    expect(exported.records.agreements).toEqual([
      expect.objectContaining({ id: agreementId, signerName: 'Dana Q. Reyes', ipAddress: '198.51.100.77' }),
    ]);

    // Decided for good: a second signature, or a decline, is refused and changes nothing.
    const again = await accept(id, ownerToken, { signerName: 'Dana', consent: true, documentHash, optionalItems: [] });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_decided');
    const decline = await call(suite, 'POST', `/api/client/proposals/${id}/decline`, ownerToken, {
      reason: 'Changed my mind',
    });
    expect(decline.status).toBe(409);
  });

  it('keeps an agreement immutable, whoever writes the database', async () => {
    const { id, ownerToken, documentHash } = await sentToClient('Immutable Inc');
    const { agreementId } = (await accept(id, ownerToken, { signerName: 'Dana', consent: true, documentHash })).body;
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: Error & { cause?: unknown }) => String(error.cause ?? error.message),
      );
    expect(
      await refusal(
        suite.api.db.write((tx) =>
          tx.update(agreements).set({ signerName: 'Someone else' }).where(eq(agreements.id, agreementId)),
        ),
      ),
    ).toMatch(/agreements are immutable/);
    expect(
      await refusal(
        suite.api.db.write((tx) =>
          tx
            .update(agreementDocuments)
            .set({ pdfSha256: '0'.repeat(64) })
            .where(eq(agreementDocuments.agreementId, agreementId)),
        ),
      ),
    ).toMatch(/agreement documents are immutable/);
    const [kept] = await suite.api.db.read.select().from(agreements).where(eq(agreements.id, agreementId));
    expect(kept!.signerName).toBe('Dana');
  });

  it('refuses a stale hash, a missing consent or name, a 300-character name and a member who may not sign', async () => {
    const { id, ownerToken, documentHash, owner } = await sentToClient('Refusing Ltd');
    const stale = await accept(id, ownerToken, { signerName: 'Dana', consent: true, documentHash: 'a'.repeat(64) });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('document_changed');
    const noConsent = await accept(id, ownerToken, { signerName: 'Dana', consent: false, documentHash });
    expect(noConsent.status).toBe(422);
    expect(noConsent.body.error.fields.consent).toBe('Please agree to sign electronically');
    const noName = await accept(id, ownerToken, { signerName: '   ', consent: true, documentHash });
    expect(noName.status).toBe(422);
    expect(noName.body.error.fields.signerName).toBe('Your full name is required');
    const longName = await accept(id, ownerToken, { signerName: 'x'.repeat(300), consent: true, documentHash });
    expect(longName.status).toBe(422);
    expect(longName.body.error.fields.signerName).toBe('Your full name must be at most 200 characters');
    const notOptional = await accept(id, ownerToken, {
      signerName: 'Dana',
      consent: true,
      documentHash,
      optionalItems: [0],
    });
    expect(notOptional.status).toBe(422);
    for (const svg of [
      '<svg viewBox="0 0 10 10"><image href="https://evil.example/x.png"/></svg>',
      '<svg viewBox="0 0 10 10"><path d="M 1 1 L 2 2"/><script>alert(1)</script></svg>',
      '<svg viewBox="0 0 10 10"><path d="M 1 1 url(javascript:alert(1))"/></svg>',
      'not an svg at all',
    ]) {
      const badSvg = await accept(id, ownerToken, {
        signerName: 'Dana',
        consent: true,
        documentHash,
        signatureSvg: svg,
      });
      expect(badSvg.status).toBe(422);
      expect(badSvg.body.error.fields.signatureSvg).toMatch(/could not be read/);
    }

    const memberEmail = `member-${Date.now()}@refusing.example`;
    const memberToken = await addMember(ownerToken, 'Marketing Lead', memberEmail, 'member');
    const read = await call(suite, 'GET', `/api/client/proposals/${id}`, memberToken);
    expect(read.status).toBe(200);
    const member = await accept(id, memberToken, { signerName: 'Marketing Lead', consent: true, documentHash });
    expect(member.status).toBe(403);
    expect(member.body.error.code).toBe('forbidden_role');
    const billingToken = await addMember(
      ownerToken,
      'Book Keeper',
      `billing-${Date.now()}@refusing.example`,
      'billing',
    );
    // Nothing was signed by any refusal: billing may sign, and does.
    const billing = await accept(id, billingToken, { signerName: 'Book Keeper', consent: true, documentHash });
    expect(billing.status, JSON.stringify(billing.body)).toBe(200);
    expect((await suite.api.db.read.select().from(agreements).where(eq(agreements.proposalId, id))).length).toBe(1);
    void owner;
  });

  it('makes one agreement of two signatures sent at once, also from two servers', async () => {
    const { id, ownerToken, documentHash } = await sentToClient('Twice Co');
    const body = { signerName: 'Dana', consent: true, documentHash };
    const other = await suite.api.secondApp();
    const origin = new URL(suite.api.env.SITE_URL).origin;
    const fromOther = async () => {
      const response = await other.raw(`/api/client/proposals/${id}/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
      return { status: response.status };
    };
    const answers = await Promise.all([accept(id, ownerToken, body), accept(id, ownerToken, body), fromOther()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await suite.api.db.read.select().from(agreements).where(eq(agreements.proposalId, id))).length).toBe(1);
    const made = await suite.api.db.read.select().from(projects).where(eq(projects.title, 'New website'));
    expect(made.filter((p) => p.description?.includes('signed proposal')).length).toBeGreaterThan(0);
  });

  it('refuses a decline then an accept, and an accept after the proposal expired', async () => {
    const first = await sentToClient('Declining Co');
    const declined = await call(suite, 'POST', `/api/client/proposals/${first.id}/decline`, first.ownerToken, {
      reason: 'Over our budget this year',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'Over our budget this year' });
    const late = await accept(first.id, first.ownerToken, {
      signerName: 'Dana',
      consent: true,
      documentHash: first.documentHash,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('already_decided');
    await suite.api.deliver();
    expect(suite.api.outbox().some((m) => m.includes('declined New website') && m.includes('Over our budget'))).toBe(
      true,
    );

    const second = await sentToClient('Expired Co');
    // Its last day was yesterday (as another process, or the calendar, would leave it).
    await suite.api.db.write((tx) =>
      tx.update(proposals).set({ validUntil: '2020-01-31' }).where(eq(proposals.id, second.id)),
    );
    const expired = await accept(second.id, second.ownerToken, {
      signerName: 'Dana',
      consent: true,
      documentHash: second.documentHash,
    });
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('proposal_expired');
    expect((await call(suite, 'GET', `/api/client/proposals/${second.id}`, second.ownerToken)).body.status).toBe(
      'expired',
    );
  });

  it('turns a lead into a won client in the signature’s write', async () => {
    const email = `lead-sign-${Date.now()}@example.com`;
    const [lead] = await suite.api.db.write((tx) =>
      tx
        .insert(contactSubmissions)
        .values({ name: 'Lou Lead', email, message: 'A site please', source: 'landing' })
        .returning(),
    );
    const id = await draft({ leadId: lead!.id });
    expect((await send(id)).status).toBe(200);
    await suite.api.deliver();
    const joined = await call(suite, 'POST', '/api/client/invitation/accept', undefined, {
      token: invitationToken(email),
      password: 'quiet-harbour-47',
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const token = joined.body.token as string;
    const opened = await call(suite, 'GET', `/api/client/proposals/${id}`, token);
    const signed = await accept(id, token, {
      signerName: 'Lou Lead',
      consent: true,
      documentHash: opened.body.documentHash,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const [won] = await suite.api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead!.id));
    expect(won).toMatchObject({ status: 'won', clientId: expect.any(String) });
    const summaries = (await suite.api.db.read.select().from(adminEvents)).map((e) => e.summary);
    expect(summaries).toContain('Converted lead Lou Lead to a client');
    const board = await call(suite, 'GET', '/api/admin/contact-submissions?status=won', suite.staffToken);
    expect(board.body.items.find((l: { id: string }) => l.id === lead!.id)?.proposal).toMatchObject({
      id,
      status: 'accepted',
    });
    void signIn;
  });

  it('finishes an agreement whose PDF was never made (the process died after the signature), once', async () => {
    const { id, ownerToken, documentHash } = await sentToClient('Crashed Co');
    const { acceptProposal } = await import('../../src/server/services/proposals/signing.ts');
    const { findMemberById } = await import('../../src/server/services/clients/members.ts');
    const { finishPendingAgreements } = await import('../../src/server/services/proposals/agreements.ts');
    const session = await call(suite, 'GET', '/api/client/me', ownerToken);
    const member = await findMemberById(suite.api.db.read, session.body.member.id);
    // The signature's write, and then nothing: the PDF step never ran.
    const { agreementId } = await acceptProposal(
      suite.api.db,
      member!,
      id,
      { signerName: 'Dana', consent: true, documentHash, optionalItems: [], signatureSvg: null },
      { ipAddress: '198.51.100.9', userAgent: 'test' },
      ['owner@example.com'],
      suite.api.env,
    );
    const deps = { db: suite.api.db, storage: suite.api.storage, env: suite.api.env };
    const later = new Date(Date.now() + 120_000);
    const [first, second] = await Promise.all([
      finishPendingAgreements(deps, async () => ['owner@example.com'], later),
      finishPendingAgreements(deps, async () => ['owner@example.com'], later),
    ]);
    expect(first + second).toBe(1);
    const docs = await suite.api.db.read
      .select()
      .from(agreementDocuments)
      .where(eq(agreementDocuments.agreementId, agreementId));
    expect(docs).toHaveLength(1);
    const [{ n }] = (await suite.api.db.read
      .select({ n: sql<number>`count(*)` })
      .from(projectFiles)
      .where(eq(projectFiles.sha256, docs[0]!.pdfSha256))) as [{ n: number }];
    expect(n).toBe(1);
  });
});
