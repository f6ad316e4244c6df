/**
 * Files and approvals in the batched emails, received over real SMTP (docs/product.md#notifications,
 * docs/product.md#files, docs/product.md#approvals): a file staff add is in the client's email
 * about the project, one the client adds in the team's; a file sent in a message is named under
 * that message and not twice; an approval asked for is in the client's email and the client's
 * answer, with its comment, in the team's; internal files are never mentioned.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

const ADMIN = 'owner@firststatewebstudio.com';
const DELAY_MS = 300_000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: TestApi;
let staffToken: string;
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  api = await createTestApi({
    env: {
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN,
      TEAM_NOTIFY_TO: 'team@example.com',
      AUTH_RATE_LIMIT: '1000',
      SITE_URL: 'https://studio.example.com',
    },
  });
  staffToken = await api.signInStaff(ADMIN);
});
afterEach(async () => {
  await api.close();
});

async function clientWithProject() {
  const email = `work-${++seq}-${Date.now()}@example.com`;
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Dana Reyes', email, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  // The registration's "Confirm your email" goes out first; the tests count from an empty inbox.
  await api.deliver();
  smtp.received.length = 0;
  const project = await (
    await api.http.admin.projects.$post({ json: { clientId: client.id, title: 'Bakery website' } }, bearer(staffToken))
  ).json();
  return { email, token, projectId: project.id as string };
}

async function upload(
  projectId: string,
  name: string,
  bytes: number,
  as: { client: string } | 'staff',
  internal = false,
) {
  const form = new FormData();
  if (internal) form.set('internal', 'true');
  form.set('file', new Blob([Buffer.from('x'.repeat(bytes - 1) + '\n')]), name);
  const response = await api.raw(`/api/${as === 'staff' ? 'admin' : 'client'}/projects/${projectId}/files`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${as === 'staff' ? staffToken : as.client}` },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function afterDelay() {
  api.advance(DELAY_MS + 1000);
  await api.deliver();
  return smtp.received;
}

describe('files in the emails', () => {
  it('tells the client about a file staff added, and never about an internal one', async () => {
    const dana = await clientWithProject();
    await upload(dana.projectId, 'homepage-v2.txt', 1536, 'staff');
    await upload(dana.projectId, 'costing.txt', 100, 'staff', true);
    const [mail, ...more] = await afterDelay();
    expect(more).toHaveLength(0);
    expect(mail?.rcpt).toEqual([dana.email]);
    expect(mail?.parsed.subject).toBe('New file on Bakery website: homepage-v2.txt');
    expect(mail?.parsed.text).toContain('homepage-v2.txt (1.5 KB)');
    expect(mail?.parsed.text).not.toContain('costing');
  });

  it('tells the team about a client’s file, and names a file sent in a message only under that message', async () => {
    const dana = await clientWithProject();
    await upload(dana.projectId, 'logo.txt', 2048, { client: dana.token });
    const attached = await upload(dana.projectId, 'menu.txt', 100, { client: dana.token });
    const sent = await api.http.client.projects[':projectId'].communications.$post(
      {
        param: { projectId: dana.projectId },
        json: { subject: 'Menu', message: 'New prices', attachments: [attached.id] },
      },
      bearer(dana.token),
    );
    expect(sent.status).toBe(201);
    const [mail, ...more] = await afterDelay();
    expect(more).toHaveLength(0);
    expect(mail?.rcpt).toEqual(['team@example.com']);
    expect(mail?.parsed.subject).toBe('2 updates from Dana Reyes');
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('Attached: menu.txt (100 B)');
    expect(text).toContain('New file: logo.txt (2 KB)');
    expect(text.match(/menu\.txt/g)).toHaveLength(1);
  });
});

describe('approvals in the emails', () => {
  it('asks the client by email, and tells the team the answer with its comment', async () => {
    const dana = await clientWithProject();
    const file = await upload(dana.projectId, 'homepage.txt', 300, 'staff');
    smtp.received.length = 0;
    await afterDelay();
    smtp.received.length = 0;
    const asked = await api.http.admin.approvals.$post(
      { json: { projectId: dana.projectId, fileId: file.id, title: 'Homepage design v2' } },
      bearer(staffToken),
    );
    const { id } = await asked.json();
    const [toClient] = await afterDelay();
    expect(toClient?.rcpt).toEqual([dana.email]);
    expect(toClient?.parsed.subject).toBe('Your approval is needed on Bakery website: Homepage design v2');
    expect(toClient?.parsed.text).toContain('https://studio.example.com/portal/sign-in#token=');

    smtp.received.length = 0;
    const answered = await api.http.client.approvals[':approvalId'].decision.$post(
      { param: { approvalId: id }, json: { decision: 'changes-requested', comment: 'Bigger logo,\nplease' } },
      bearer(dana.token),
    );
    expect(answered.status).toBe(200);
    const [toTeam, ...more] = await afterDelay();
    expect(more).toHaveLength(0);
    expect(toTeam?.rcpt).toEqual(['team@example.com']);
    expect(toTeam?.parsed.subject).toBe('Dana Reyes requested changes on: Homepage design v2');
    expect(toTeam?.parsed.text).toContain('Bigger logo,');
    expect(toTeam?.parsed.text).toContain('Answered by Dana Reyes');
  });

  /**
   * Staff ask the client to approve `title`: a new milestone of that name (no email of its own),
   * or with `file`, a new file (which is news of its own). Resolves with the approval's id.
   */
  async function askApproval(
    projectId: string,
    title: string,
    what: 'milestone' | 'file' = 'milestone',
  ): Promise<string> {
    let json: { projectId: string; title: string; fileId?: string; milestoneId?: string };
    if (what === 'file') {
      json = { projectId, title, fileId: (await upload(projectId, `proof-${++seq}.txt`, 100, 'staff')).id };
    } else {
      const milestone = await api.http.admin.projects[':id'].milestones.$post(
        { param: { id: projectId }, json: { title } },
        bearer(staffToken),
      );
      json = { projectId, title, milestoneId: (await milestone.json()).id };
    }
    const asked = await api.http.admin.approvals.$post({ json }, bearer(staffToken));
    return (await asked.json()).id;
  }
  function answer(token: string, approvalId: string, decision: 'approved' | 'changes-requested') {
    return api.http.client.approvals[':approvalId'].decision.$post(
      { param: { approvalId }, json: decision === 'approved' ? { decision } : { decision, comment: 'Bigger, please' } },
      bearer(token),
    );
  }

  it('builds the client’s email at send time: approvals answered meanwhile drop out, and an email left empty is not sent', async () => {
    const dana = await clientWithProject();
    const homepage = await askApproval(dana.projectId, 'Homepage design', 'file');
    const logo = await askApproval(dana.projectId, 'Logo');
    await api.http.admin.projects[':id'].communications.$post(
      { param: { id: dana.projectId }, json: { subject: 'Fonts', message: 'Two options attached.' } },
      bearer(staffToken),
    );
    // Two minutes later the client answered both, before their email was due.
    expect((await answer(dana.token, homepage, 'approved')).status).toBe(200);
    expect((await answer(dana.token, logo, 'changes-requested')).status).toBe(200);
    const sent = await afterDelay();
    const toClient = sent.filter((m) => m.rcpt.includes(dana.email));
    expect(toClient).toHaveLength(1);
    expect(toClient[0]?.parsed.subject).toBe('2 updates on Bakery website');
    const text = toClient[0]?.parsed.text ?? '';
    expect(text).toContain('Fonts');
    expect(text).not.toContain('Awaiting your approval');
    expect(text).not.toMatch(/Homepage design|Logo/);

    // Asked and answered with nothing else to say: no email, and nothing failed.
    smtp.received.length = 0;
    const again = await askApproval(dana.projectId, 'Contact page');
    expect((await answer(dana.token, again, 'approved')).status).toBe(200);
    await afterDelay();
    expect(smtp.received.filter((m) => m.rcpt.includes(dana.email))).toEqual([]);
    const failed = await api.http.admin['undelivered-emails'].$get({}, bearer(staffToken));
    expect(await failed.json()).toEqual([]);
  });

  it('tells the team why it was sent: who approved what, or asked for changes', async () => {
    const dana = await clientWithProject();
    const homepage = await askApproval(dana.projectId, 'Homepage design');
    const logo = await askApproval(dana.projectId, 'Logo');
    await afterDelay();
    smtp.received.length = 0;
    await answer(dana.token, homepage, 'approved');
    await answer(dana.token, logo, 'changes-requested');
    const [toTeam, ...more] = await afterDelay();
    expect(more).toHaveLength(0);
    const text = (toTeam?.parsed.text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(
      "Sent to the First State Web Studio team because Dana Reyes approved 'Homepage design' and Dana Reyes asked for changes on 'Logo'.",
    );
    expect(text).not.toContain('still unread');
  });
});
