/**
 * Approvals (docs/product.md#approvals): staff ask, the client decides once; the record keeps
 * who, when, from where and the SHA-256 of what was approved.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvals } from '../../db/schema/index.ts';
import { bearer, errorOf, withStaffApi } from './helpers.ts';

const STAFF = 'staff@firststatewebstudio.com';
const suite = withStaffApi(STAFF);

let seq = 0;
async function clientWithMilestone() {
  const registered = await suite.api.fresh().client.register.$post({
    json: { name: 'Approving Client', email: `approve-${++seq}-${Date.now()}@example.com`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const project = await (
    await suite.api.http.admin.projects.$post(
      { json: { clientId: client.id, title: 'Bakery site' } },
      bearer(suite.staffToken),
    )
  ).json();
  const milestone = await (
    await suite.api.http.admin.projects[':id'].milestones.$post(
      { param: { id: project.id }, json: { title: 'Homepage design v2', description: 'Hero, menu and hours' } },
      bearer(suite.staffToken),
    )
  ).json();
  return { token, client, projectId: project.id, milestoneId: milestone.id };
}

const ask = (json: { projectId: string; milestoneId?: string; fileId?: string; title: string }) =>
  suite.api.http.admin.approvals.$post({ json }, bearer(suite.staffToken));

describe('approvals', () => {
  it('records the decision once, with who, when, the address and the digest of what was approved', async () => {
    const { token, client, projectId, milestoneId } = await clientWithMilestone();
    const asked = await ask({ projectId, milestoneId, title: 'Homepage design v2' });
    expect(asked.status).toBe(201);
    const { id } = await asked.json();
    const mine = await (await suite.api.http.client.approvals.$get({}, bearer(token))).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id, status: 'pending', title: 'Homepage design v2', projectTitle: 'Bakery site' });

    const decide = (json: { decision: 'approved' | 'changes-requested'; comment?: string }, from = '198.51.100.23') =>
      suite.api
        .as(from)
        .client.approvals[':approvalId'].decision.$post({ param: { approvalId: id }, json }, bearer(token));
    const approved = await decide({ decision: 'approved', comment: 'Looks good, go ahead' });
    expect(approved.status).toBe(200);
    const [row] = await suite.api.db.read.select().from(approvals).where(eq(approvals.id, id));
    expect(row).toMatchObject({
      status: 'approved',
      decidedByName: 'Approving Client',
      decidedByEmail: client.email,
      decisionIp: '198.51.100.23',
      comment: 'Looks good, go ahead',
      subjectSha256: createHash('sha256').update('Homepage design v2\nHero, menu and hours').digest('hex'),
    });
    expect(row?.decidedAt).toBeInstanceOf(Date);

    // Decided for good: a second answer, of either kind, is refused and changes nothing.
    const again = await decide({ decision: 'changes-requested', comment: 'Actually no' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('already_decided');
    const [after] = await suite.api.db.read.select().from(approvals).where(eq(approvals.id, id));
    expect(after).toEqual(row);
  });

  it('lets only one of two decisions sent at once through', async () => {
    const { token, projectId, milestoneId } = await clientWithMilestone();
    const { id } = await (await ask({ projectId, milestoneId, title: 'Launch plan' })).json();
    const both = await Promise.all(
      (['approved', 'changes-requested'] as const).map((decision) =>
        suite.api.http.client.approvals[':approvalId'].decision.$post(
          { param: { approvalId: id }, json: { decision, comment: 'from two tabs' } },
          bearer(token),
        ),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('asks for a comment with changes, hides other clients’ approvals, and refuses a milestone of another project', async () => {
    const alice = await clientWithMilestone();
    const bob = await clientWithMilestone();
    const { id } = await (
      await ask({ projectId: alice.projectId, milestoneId: alice.milestoneId, title: 'Logo' })
    ).json();
    const noComment = await suite.api.http.client.approvals[':approvalId'].decision.$post(
      { param: { approvalId: id }, json: { decision: 'changes-requested' } },
      bearer(alice.token),
    );
    expect(noComment.status).toBe(422);
    expect((await errorOf(noComment)).fields).toEqual({ comment: 'Please say what should change' });
    const notBobs = await suite.api.http.client.approvals[':approvalId'].decision.$post(
      { param: { approvalId: id }, json: { decision: 'approved' } },
      bearer(bob.token),
    );
    expect(notBobs.status).toBe(404);
    expect(await (await suite.api.http.client.approvals.$get({}, bearer(bob.token))).json()).toEqual([]);
    const crossed = await ask({ projectId: alice.projectId, milestoneId: bob.milestoneId, title: 'Wrong' });
    expect(crossed.status).toBe(422);
    const neither = await ask({ projectId: alice.projectId, title: 'Nothing' });
    expect(neither.status).toBe(422);
  });

  it('asks about a file by the SHA-256 of its bytes', async () => {
    const { token, projectId } = await clientWithMilestone();
    const bytes = new TextEncoder().encode('%PDF-1.4\nproposal\n%%EOF\n');
    const form = new FormData();
    form.set('file', new Blob([Buffer.from(bytes)]), 'proposal.pdf');
    const uploaded = await suite.api.raw(`/api/admin/projects/${projectId}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${suite.staffToken}` },
    });
    const { id: fileId } = (await uploaded.json()) as { id: string };
    const { id } = await (await ask({ projectId, fileId, title: 'Proposal' })).json();
    const [row] = await suite.api.db.read.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.subjectSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const listed = await (await suite.api.http.client.approvals.$get({}, bearer(token))).json();
    expect(listed[0]).toMatchObject({ fileId, status: 'pending' });
  });
});
