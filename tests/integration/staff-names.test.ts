/**
 * Staff by name (docs/product.md#staff-names): a staff member's display name, set on the account
 * page, at invitation or read from the address, is what clients and visitors see: approvals,
 * files, chat replies and the chat's reply email. Never the address.
 */
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, invalidBody, withStaffApi } from './helpers.ts';

const STAFF = 'maria.lopez@agency.test';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });

async function clientWithProject() {
  const registered = await suite.api.fresh().client.register.$post({
    json: { name: 'Named Client', email: `names-${Date.now()}-${Math.random()}@example.com`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const project = await (
    await suite.api.http.admin.projects.$post({ json: { clientId: client.id, title: 'Bakery site' } }, suite.staff())
  ).json();
  return { token, projectId: project.id };
}

const rename = (displayName: string) => suite.api.http.admin.me.$patch({ json: { displayName } }, suite.staff());

/** Invites `email` as staff named `name`, accepts the emailed invitation, and returns the new member's session token. */
async function joinStaff(email: string, name: string): Promise<string> {
  const invited = await suite.api.http.admin.invitations.$post({ json: { email, role: 'staff', name } }, suite.staff());
  expect(invited.status).toBe(201);
  await suite.api.deliver();
  const mail = suite.api
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .findLast((m) => m.includes(email) && m.includes('#token='));
  const token = /#token=([\w-]+)/.exec(mail ?? '')?.[1] ?? '';
  const accepted = await suite.api.fresh().admin.invitations.accept.$post({ json: { token } });
  expect(accepted.status).toBe(200);
  return decodeURIComponent(/admin_session=([^;]+)/.exec(accepted.headers.get('set-cookie') ?? '')?.[1] ?? '');
}

describe('a staff member’s display name', () => {
  it('is read from the address until one is set, then is the one set, trimmed', async () => {
    const me = await (await suite.api.http.admin.me.$get({}, suite.staff())).json();
    expect(me.displayName).toBe('Maria Lopez');

    const saved = await rename('  Maria L. Ortega ');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ displayName: 'Maria L. Ortega' });
    expect((await (await suite.api.http.admin.me.$get({}, suite.staff())).json()).displayName).toBe('Maria L. Ortega');
  });

  it('refuses an empty, a blank, a missing or an 81-character name with 422 and keeps the old one', async () => {
    await rename('Maria Lopez');
    for (const bad of [rename(''), rename('   '), rename('x'.repeat(81))]) {
      const answer = await bad;
      expect(answer.status).toBe(422);
      expect((await errorOf(answer)).fields).toHaveProperty('displayName');
    }
    const missing = await suite.api.http.admin.me.$patch({ json: invalidBody({}) }, suite.staff());
    expect(missing.status).toBe(422);
    expect((await (await suite.api.http.admin.me.$get({}, suite.staff())).json()).displayName).toBe('Maria Lopez');
  });

  it('is who asks for an approval and who added a file, as the client sees them', async () => {
    await rename('Ana Ruiz');
    const { token, projectId } = await clientWithProject();
    const milestone = await (
      await suite.api.http.admin.projects[':id'].milestones.$post(
        { param: { id: projectId }, json: { title: 'Homepage design' } },
        suite.staff(),
      )
    ).json();
    await suite.api.http.admin.approvals.$post(
      { json: { projectId, milestoneId: milestone.id, title: 'Homepage design' } },
      suite.staff(),
    );
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n']), 'brief.pdf');
    const uploaded = await suite.api.raw(`/api/admin/projects/${projectId}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${suite.staffToken}` },
    });
    expect(uploaded.status).toBe(201);

    const approvals = await (await suite.api.http.client.approvals.$get({}, bearer(token))).json();
    expect(approvals[0]?.requestedByName).toBe('Ana Ruiz');
    const files = await suite.api.raw(`/api/client/projects/${projectId}/files`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = (await files.json()) as { items: { uploaderName: string }[] };
    expect(items.map((f) => f.uploaderName)).toEqual(['Ana Ruiz']);
    expect(JSON.stringify(approvals) + JSON.stringify(items)).not.toContain(STAFF);
  });

  it('signs a chat reply and its email to the visitor, never the address', async () => {
    await rename('Ana Ruiz');
    await suite.api.http.admin.presence.$post({ json: { away: true } }, suite.staff());
    const visitor = suite.api.as(suite.api.nextAddress());
    const sent = await visitor.chat.messages.$post({
      json: { body: 'Our shop is down!', email: 'sam@example.com', name: 'Sam' },
    });
    expect(sent.status).toBe(201);
    const { conversationId } = await sent.json();
    const replied = await suite.api.http.admin.chats[':id'].messages.$post(
      { param: { id: conversationId }, json: { body: 'Looking at it now.' } },
      suite.staff(),
    );
    expect(replied.status).toBe(201);
    const detail = await (
      await suite.api.http.admin.chats[':id'].$get({ param: { id: conversationId } }, suite.staff())
    ).json();
    expect(detail.messages.find((m) => m.author === 'staff')?.staffName).toBe('Ana Ruiz');
    await suite.api.deliver();
    const mail = suite.api.outbox().find((m) => m.includes('replied to your chat'));
    expect(mail).toContain('Ana Ruiz replied to your chat');
    expect(mail).not.toContain(STAFF);
  });

  it('is given at invitation and kept when the invitee accepts', async () => {
    const session = await joinStaff('new.person@agency.test', 'Jo Park');
    const me = await (await suite.api.http.admin.me.$get({}, bearer(session))).json();
    expect(me).toMatchObject({ username: 'new.person@agency.test', displayName: 'Jo Park' });
  });

  it('names who acted in Recent activity, also once they have left the staff', async () => {
    await rename('Ana Ruiz');
    await clientWithProject();
    const events = async () => (await suite.api.http.admin.events.$get({ query: {} }, suite.staff())).json();
    expect((await events())[0]).toMatchObject({ summary: 'Created project Bakery site', name: 'Ana Ruiz' });

    const lee = bearer(await joinStaff('leaving.person@agency.test', 'Lee Ward'));
    const me = await (await suite.api.http.admin.me.$get({}, lee)).json();
    const client = (await (await suite.api.http.admin.clients.$get({ query: {} }, lee)).json()).items[0]!;
    expect(
      (await suite.api.http.admin.projects.$post({ json: { clientId: client.id, title: 'Lee’s page' } }, lee)).status,
    ).toBe(201);

    const removed = await suite.api.http.admin.staff[':id'].$delete({ param: { id: me.id } }, suite.staff());
    expect(removed.status).toBe(200);
    const after = await events();
    expect(after.find((e) => e.summary === 'Created project Lee’s page')).toMatchObject({ name: 'Lee Ward' });
    expect(after[0]).toMatchObject({ summary: 'Removed Lee Ward from the staff', name: 'Ana Ruiz' });
    expect(after.map((e) => e.name).join(' ')).not.toContain('@');
  });
});
