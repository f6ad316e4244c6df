/**
 * Erasure that keeps the business records (docs/product.md#privacy): the client becomes "Deleted
 * client #…", signing in ends every way, their messages' text and their files go, their leads and
 * chats are anonymised, the project and its approvals stay with the legal basis recorded, search
 * finds nothing by the old name or email, the admin trail names the record by id only, and a
 * second erasure changes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminEvents,
  approvals,
  clients,
  communications,
  contactSubmissions,
  projectFiles,
} from '../../db/schema/index.ts';
import { bearer, withStaffApi } from './helpers.ts';

const STAFF = 'owner@firststatewebstudio.com';
const suite = withStaffApi(STAFF);

describe('erasing a client', () => {
  it('removes the person and their words, keeps the business records, and is idempotent', async () => {
    const email = `erase-me-${Date.now()}@example.com`;
    // A lead from the website that became this client.
    const lead = await suite.api.fresh().contact.$post({
      json: { name: 'Robin Erasmus', email, message: 'Please build our bakery site', howDidYouFindUs: 'google-search' },
    });
    expect(lead.status).toBe(201);
    const registered = await suite.api.fresh().client.register.$post({
      json: { name: 'Robin Erasmus', email, company: 'Erasmus Bakes', password: 'secret-pass' },
    });
    const { token, client } = await registered.json();
    const project = await (
      await suite.api.http.admin.projects.$post(
        { json: { clientId: client.id, title: 'Erasmus website' } },
        suite.staff(),
      )
    ).json();
    await suite.api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId: project.id }, json: { subject: 'My phone is 555-0100', message: 'Call me, Robin' } },
      bearer(token),
    );
    const form = new FormData();
    form.set('file', new Blob([Buffer.from('robin passport scan\n')]), 'passport.txt');
    const upload = await suite.api.raw(`/api/client/projects/${project.id}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const file = (await upload.json()) as { id: string };
    const [fileRow] = await suite.api.db.read.select().from(projectFiles).where(eq(projectFiles.id, file.id));
    const milestone = await (
      await suite.api.http.admin.projects[':id'].milestones.$post(
        { param: { id: project.id }, json: { title: 'Plan' } },
        suite.staff(),
      )
    ).json();
    const { id: approvalId } = await (
      await suite.api.http.admin.approvals.$post(
        { json: { projectId: project.id, milestoneId: milestone.id, title: 'Plan v1' } },
        suite.staff(),
      )
    ).json();
    await suite.api.http.client.approvals[':approvalId'].decision.$post(
      { param: { approvalId }, json: { decision: 'approved' } },
      bearer(token),
    );

    const erased = await suite.api.raw(`/api/admin/clients/${client.id}/erase`, {
      method: 'POST',
      headers: { authorization: `Bearer ${suite.staffToken}` },
    });
    expect(erased.status).toBe(200);
    const body = (await erased.json()) as { name: string; erased: boolean };
    expect(body).toEqual({ id: client.id, name: `Deleted client #${client.id.slice(0, 8)}`, erased: true });

    const [row] = await suite.api.db.read.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({
      name: body.name,
      email: `deleted-${client.id}@invalid`,
      company: null,
      phone: null,
      isActive: false,
      erasureBasis: expect.stringContaining('Legal obligation'),
    });
    // No way in any more.
    expect((await suite.api.http.client.me.$get({}, bearer(token))).status).toBe(401);
    const login = await suite.api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } });
    expect(login.status).toBe(401);
    // Their words and files went; the project, the approval's hash and dates stayed.
    const messages = await suite.api.db.read
      .select()
      .from(communications)
      .where(eq(communications.projectId, project.id));
    expect(messages.map((m) => [m.subject, m.message])).toEqual([['[erased]', '[erased]']]);
    expect(await suite.api.db.read.select().from(projectFiles).where(eq(projectFiles.id, file.id))).toEqual([]);
    expect(await suite.api.storage.exists(fileRow!.storageKey)).toBe(false);
    const [approval] = await suite.api.db.read.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(approval).toMatchObject({
      status: 'approved',
      decidedByName: body.name,
      decidedByEmail: null,
      decisionIp: null,
    });
    expect(approval?.subjectSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(approval?.decidedAt).toBeInstanceOf(Date);
    const projectNow = await (
      await suite.api.http.admin.projects[':id'].$get({ param: { id: project.id } }, suite.staff())
    ).json();
    expect(projectNow.title).toBe('Erasmus website');
    // The lead is anonymised.
    const leads = await suite.api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.message, '[erased]'));
    expect(leads.some((l) => l.email === null && l.name.startsWith('Deleted lead #'))).toBe(true);
    // Search finds nothing by the old name or email.
    for (const search of ['Erasmus', 'Robin', email]) {
      const found = await (await suite.api.http.admin.clients.$get({ query: { q: search } }, suite.staff())).json();
      expect(
        found.items.filter((c) => c.id === client.id),
        search,
      ).toEqual([]);
      const foundLeads = await (
        await suite.api.http.admin['contact-submissions'].$get({ query: { q: search } }, suite.staff())
      ).json();
      expect(foundLeads.items, search).toEqual([]);
    }
    // The admin trail names it by id, and never the old email.
    const events = await suite.api.db.read.select().from(adminEvents);
    expect(events.map((e) => e.summary)).toContain(`Erased client #${client.id.slice(0, 8)}`);
    expect(events.filter((e) => e.summary.includes(email) || e.summary.includes('Robin'))).toEqual([]);

    // Staff see when it was erased.
    const item = await (
      await suite.api.http.admin.clients[':id'].$get({ param: { id: client.id } }, suite.staff())
    ).json();
    expect(item.erasedAt).toBe(row!.erasedAt!.toISOString());

    // Again: nothing changes.
    const again = await suite.api.http.admin.clients[':id'].erase.$post(
      { param: { id: client.id }, json: {} },
      suite.staff(),
    );
    expect(await again.json()).toEqual({ id: client.id, name: body.name, erased: false });
    expect(
      (await suite.api.http.admin.clients[':id'].erase.$post({ param: { id: 'nope' }, json: {} }, suite.staff()))
        .status,
    ).toBe(404);
  });

  it('erases a lead on its own, and a second time changes nothing', async () => {
    const sent = await suite.api.fresh().contact.$post({
      json: { name: 'Casey Lead', email: 'casey-lead@example.com', message: 'Hello there', howDidYouFindUs: 'other' },
    });
    const { id } = (await sent.json()) as { id: string };
    const erased = await suite.api.http.admin['contact-submissions'][':id'].erase.$post(
      { param: { id } },
      suite.staff(),
    );
    expect(erased.status).toBe(200);
    const [row] = await suite.api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ name: `Deleted lead #${id.slice(0, 8)}`, email: null, message: '[erased]' });
    const again = await suite.api.http.admin['contact-submissions'][':id'].erase.$post(
      { param: { id } },
      suite.staff(),
    );
    expect(await again.json()).toMatchObject({ erased: false });
  });
});
