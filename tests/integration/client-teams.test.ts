/**
 * A client's team (docs/product.md#client-teams): each person signs in as themselves with a role;
 * an owner invites, changes roles and removes; the last owner stays; every act names its person;
 * roles hold on the server; emails and live updates go to each person by their role.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminEvents, approvals, clientMembers, passkeys, singleUseTokens } from '../../db/schema/index.ts';
import { withStaffApi } from './helpers.ts';
import { sseBlocks } from '../support/sse.ts';
import { clientExportContent } from '../../src/server/services/privacy/export-records.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com', AUTH_RATE_LIMIT: '1000' });
const PASSWORD = 'quiet-harbour-47';

/** A JSON request to the API with `token` as its bearer, as a browser of the site sends it. */
async function call(method: string, path: string, token?: string, body?: unknown) {
  const origin = new URL(suite.api.env.SITE_URL).origin;
  const response = await suite.api.raw(path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const signIn = async (email: string, password = PASSWORD) => {
  const response = await call('POST', '/api/client/login', undefined, { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body!.token as string;
};

/** The welcome link's token in the latest invitation emailed to `email`. */
function invitationToken(email: string): string {
  const mails = suite.api
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.includes(`To: ${email}`) && m.includes('welcome#token='));
  const token = /welcome#token=([\w-]+)/.exec(mails.at(-1) ?? '')?.[1];
  if (!token) throw new Error(`no invitation to ${email}`);
  return token;
}

let counter = 0;
/** A client made by staff (its first owner signs in with PASSWORD) with one project. */
async function newClient(company: string) {
  counter++;
  const owner = {
    name: `Dana Reyes ${counter}`,
    email: `dana${counter}@${company.toLowerCase().replace(/\W/g, '')}.example`,
  };
  const created = await call('POST', '/api/admin/clients', suite.staffToken, {
    ...owner,
    company,
    password: PASSWORD,
  });
  expect(created.status).toBe(201);
  const clientId = created.body!.id as string;
  const project = await call('POST', '/api/admin/projects', suite.staffToken, { clientId, title: `${company} site` });
  expect(project.status).toBe(201);
  return { clientId, projectId: project.body!.id as string, owner, ownerToken: await signIn(owner.email) };
}

/** Invites `email` as `role` from `byToken`, accepts with PASSWORD, and signs them in. */
async function addMember(byToken: string, name: string, email: string, role: string) {
  const invited = await call('POST', '/api/client/team/invitations', byToken, { email, name, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  await suite.api.deliver();
  const accepted = await call('POST', '/api/client/invitations/accept', undefined, {
    token: invitationToken(email),
    name,
    password: PASSWORD,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { id: invited.body!.id as string, token: accepted.body!.token as string };
}

describe('a client with one owner, as every client was before teams', () => {
  it('answers /me with the person and the business, and its team is its owner', async () => {
    const { clientId, owner, ownerToken } = await newClient('Acme Bakery');
    const me = await call('GET', '/api/client/me', ownerToken);
    expect(me.body).toMatchObject({
      id: clientId,
      name: owner.name,
      email: owner.email,
      member: { name: owner.name, email: owner.email, role: 'owner' },
      client: { id: clientId, name: owner.name, company: 'Acme Bakery' },
    });
    const team = await call('GET', '/api/client/team', ownerToken);
    expect(team.body).toEqual({
      members: [{ id: me.body!.member.id, name: owner.name, email: owner.email, role: 'owner', status: 'active' }],
    });
    // Staff see the same person on the client's page, and its email in the list is the owner's.
    const staffView = await call('GET', `/api/admin/clients/${clientId}/members`, suite.staffToken);
    expect(staffView.body).toEqual(team.body);
    expect((await call('GET', `/api/admin/clients/${clientId}`, suite.staffToken)).body).toMatchObject({
      email: owner.email,
    });
  });
});

describe('invitations', () => {
  it('an owner invites a colleague, who sets a password, lands signed in and shows as active', async () => {
    const { clientId, ownerToken } = await newClient('Harbor Florist');
    const invited = await call('POST', '/api/client/team/invitations', ownerToken, {
      email: 'Mia.Chen@Harbor.example',
      name: 'Mia Chen',
      role: 'member',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ name: 'Mia Chen', email: 'mia.chen@harbor.example', status: 'invited' });
    await suite.api.deliver();
    const token = invitationToken('mia.chen@harbor.example');
    // A single-use token of the one store, for 7 days.
    const [row] = await suite.api.db.read
      .select()
      .from(singleUseTokens)
      .where(eq(singleUseTokens.subject, invited.body!.id));
    expect(row!.purpose).toBe('client-invitation');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3_600_000);

    const accepted = await call('POST', '/api/client/invitations/accept', undefined, {
      token,
      name: 'Mia Chen',
      password: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    const me = await call('GET', '/api/client/me', accepted.body!.token);
    expect(me.body).toMatchObject({ member: { name: 'Mia Chen', role: 'member' }, client: { id: clientId } });
    const team = await call('GET', '/api/client/team', ownerToken);
    expect(team.body!.members.map((m: { name: string; status: string }) => [m.name, m.status])).toContainEqual([
      'Mia Chen',
      'active',
    ]);
    // Accepted twice: the link is spent.
    const again = await call('POST', '/api/client/invitations/accept', undefined, {
      token,
      name: 'Mia Again',
      password: PASSWORD,
    });
    expect(again.status).toBe(410);
    expect(again.body!.error.code).toBe('invitation_used');
  });

  it('refuses an expired invitation, one for a removed member, and an address already on any team', async () => {
    const { ownerToken } = await newClient('Quay Cafe');
    const other = await newClient('Elm Studio');
    // Taken: another client's owner, or someone already invited.
    const taken = await call('POST', '/api/client/team/invitations', ownerToken, {
      email: other.owner.email,
      name: 'Someone',
      role: 'member',
    });
    expect(taken.status).toBe(409);
    expect(taken.body!.error.code).toBe('email_taken');

    const invited = await call('POST', '/api/client/team/invitations', ownerToken, {
      email: 'late@quay.example',
      name: 'Lee Late',
      role: 'billing',
    });
    await suite.api.deliver();
    const token = invitationToken('late@quay.example');
    suite.api.advance(7 * 24 * 3_600_000 + 1000);
    try {
      // The clock of the API is the test's own: the link is past its 7 days.
      await suite.api.db.write((tx) =>
        tx
          .update(singleUseTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(singleUseTokens.subject, invited.body!.id)),
      );
    } finally {
      suite.api.advance(-(7 * 24 * 3_600_000 + 1000));
    }
    const expired = await call('POST', '/api/client/invitations/accept', undefined, {
      token,
      name: 'Lee',
      password: PASSWORD,
    });
    expect(expired.status).toBe(410);
    expect(expired.body!.error.code).toBe('invitation_expired');

    const second = await call('POST', '/api/client/team/invitations', ownerToken, {
      email: 'gone@quay.example',
      name: 'Gus Gone',
      role: 'member',
    });
    await suite.api.deliver();
    const goneToken = invitationToken('gone@quay.example');
    expect((await call('DELETE', `/api/client/team/members/${second.body!.id}`, ownerToken)).status).toBe(204);
    const removed = await call('POST', '/api/client/invitations/accept', undefined, {
      token: goneToken,
      name: 'Gus',
      password: PASSWORD,
    });
    expect(removed.status).toBe(410);
  });

  it('staff invite a member from the client’s page', async () => {
    const { clientId } = await newClient('Pier Books');
    const invited = await call('POST', `/api/admin/clients/${clientId}/members`, suite.staffToken, {
      email: 'ray@pier.example',
      name: 'Ray Park',
      role: 'billing',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ name: 'Ray Park', role: 'billing', status: 'invited' });
    await suite.api.deliver();
    expect(invitationToken('ray@pier.example')).not.toBe('');
  });
});

describe('roles and the last owner', () => {
  it('an owner changes a role; demoting or removing the last owner is refused with 409', async () => {
    const { clientId, ownerToken } = await newClient('Cove Salon');
    const me = (await call('GET', '/api/client/me', ownerToken)).body!;
    const demote = await call('PATCH', `/api/client/team/members/${me.member.id}`, ownerToken, { role: 'member' });
    expect(demote.status).toBe(409);
    expect(demote.body!.error.code).toBe('last_owner');
    expect((await call('DELETE', `/api/client/team/members/${me.member.id}`, ownerToken)).status).toBe(409);
    const bookkeeper = await addMember(ownerToken, 'Bo Keeper', 'bo@cove.example', 'billing');
    const promoted = await call('PATCH', `/api/client/team/members/${bookkeeper.id}`, ownerToken, { role: 'owner' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'owner' });
    // With two owners, the first may step down.
    expect(
      (await call('PATCH', `/api/client/team/members/${me.member.id}`, ownerToken, { role: 'member' })).status,
    ).toBe(200);
    const events = await suite.api.db.read.select().from(adminEvents).where(eq(adminEvents.entityId, clientId));
    expect(events.map((e) => e.summary)).toContain('Made Bo Keeper (Cove Salon) owner');
  });

  it('two owners demoting each other at once: one succeeds, one gets 409, an owner remains', async () => {
    const { clientId, ownerToken } = await newClient('Twin Mills');
    const first = (await call('GET', '/api/client/me', ownerToken)).body!.member.id as string;
    const second = await addMember(ownerToken, 'Sam Twin', 'sam@twin.example', 'owner');
    const answers = await Promise.all([
      call('PATCH', `/api/client/team/members/${second.id}`, ownerToken, { role: 'member' }),
      call('PATCH', `/api/client/team/members/${first}`, second.token, { role: 'member' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const owners = await suite.api.db.read.select().from(clientMembers).where(eq(clientMembers.clientId, clientId));
    expect(owners.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('a removed member’s sessions and passkeys end at once: their next call is a sign-in', async () => {
    const { ownerToken } = await newClient('Dune Surf');
    const member = await addMember(ownerToken, 'Kai Dune', 'kai@dune.example', 'member');
    expect((await call('GET', '/api/client/projects', member.token)).status).toBe(200);
    // A passkey Kai added (as the registration stores one).
    await suite.api.db.write((tx) =>
      tx.insert(passkeys).values({
        id: 'kai-passkey',
        kind: 'client',
        userId: member.id,
        userHandle: 'kai-handle',
        publicKey: Buffer.from([1]),
        transports: [],
        name: 'Phone',
      }),
    );
    expect((await call('DELETE', `/api/client/team/members/${member.id}`, ownerToken)).status).toBe(204);
    expect(await suite.api.db.read.select().from(passkeys).where(eq(passkeys.userId, member.id))).toEqual([]);
    const after = await call('GET', '/api/client/projects', member.token);
    expect(after.status).toBe(401);
    expect(after.body!.error.message).toBe('Please sign in to continue');
    expect(
      (await call('POST', '/api/client/login', undefined, { email: 'kai@dune.example', password: PASSWORD })).status,
    ).toBe(401);
  });
});

describe('roles hold on the server', () => {
  it('billing sees the project list but gets 403 on a project, its messages, files and approvals; a member gets 403 on the team', async () => {
    const { projectId, ownerToken } = await newClient('Ledger Co');
    const billing = await addMember(ownerToken, 'Bill Ledger', 'bill@ledger.example', 'billing');
    const member = await addMember(ownerToken, 'Meg Ledger', 'meg@ledger.example', 'member');
    expect((await call('GET', '/api/client/projects', billing.token)).body).toHaveLength(1);
    for (const [method, path, body] of [
      ['GET', `/api/client/projects/${projectId}`],
      ['POST', `/api/client/projects/${projectId}/communications`, { subject: 'Hi', message: 'Hello' }],
      ['GET', `/api/client/projects/${projectId}/files`],
      ['GET', '/api/client/approvals'],
    ] as const) {
      const refused = await call(method, path, billing.token, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body!.error.code).toBe('forbidden_role');
    }
    const invite = await call('POST', '/api/client/team/invitations', member.token, {
      email: 'x@ledger.example',
      name: 'X',
      role: 'member',
    });
    expect(invite.status).toBe(403);
    expect((await call('GET', `/api/client/projects/${projectId}`, member.token)).status).toBe(200);
  });
});

describe('every act is a person’s', () => {
  it('messages carry their author: “You”-able for the reader, the name for others, “Name (Business)” for staff', async () => {
    const { clientId, projectId, owner, ownerToken } = await newClient('Acme Bakery');
    const member = await addMember(ownerToken, 'Lou Baker', 'lou@acme.example', 'member');
    const sent = await call('POST', `/api/client/projects/${projectId}/communications`, member.token, {
      subject: 'Menu copy',
      message: 'Attached the new menu text.',
    });
    expect(sent.status).toBe(201);
    expect(sent.body!.communication.author).toEqual({ kind: 'client', name: 'Lou Baker' });
    const seenByOwner = await call('GET', `/api/client/projects/${projectId}`, ownerToken);
    const message = seenByOwner.body!.communications[0];
    expect(message).toMatchObject({ author: { kind: 'client', name: 'Lou Baker' }, authorId: member.id });
    const staffList = await call('GET', `/api/admin/communications?clientId=${clientId}`, suite.staffToken);
    expect(staffList.body!.items[0].author).toEqual({ kind: 'client', name: 'Lou Baker (Acme Bakery)' });
    const reply = await call('POST', `/api/admin/projects/${projectId}/communications`, suite.staffToken, {
      subject: 'Re: Menu copy',
      message: 'Thanks!',
    });
    expect(reply.body!.communication.author.kind).toBe('staff');
    expect(owner.name).toMatch(/^Dana Reyes/);
  });

  it('an approval decision records the member who gave it, and keeps its hash', async () => {
    const { projectId, ownerToken } = await newClient('Sign Works');
    const member = await addMember(ownerToken, 'Ana Works', 'ana@signworks.example', 'member');
    const milestone = await call('POST', `/api/admin/projects/${projectId}/milestones`, suite.staffToken, {
      title: 'Homepage design',
    });
    expect(milestone.status).toBe(201);
    const asked = await call('POST', '/api/admin/approvals', suite.staffToken, {
      projectId,
      milestoneId: milestone.body!.id,
      title: 'Approve the homepage',
    });
    expect(asked.status).toBe(201);
    const approvalId = (asked.body!.id ?? asked.body!.approval?.id) as string;
    const decided = await call('POST', `/api/client/approvals/${approvalId}/decision`, member.token, {
      decision: 'approved',
    });
    expect(decided.status).toBe(200);
    const [row] = await suite.api.db.read.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(row).toMatchObject({
      decidedByName: 'Ana Works',
      decidedByEmail: 'ana@signworks.example',
      decidedByMemberId: member.id,
    });
    expect(row!.subjectSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('emails per person', () => {
  it('a team reply emails each person whose role sees it and who wants emails, each with their own links', async () => {
    const { projectId, owner, ownerToken } = await newClient('Mail Garden');
    await addMember(ownerToken, 'Pia Garden', 'pia@garden.example', 'member');
    await addMember(ownerToken, 'Ben Garden', 'ben@garden.example', 'billing');
    const quiet = await addMember(ownerToken, 'Quin Garden', 'quin@garden.example', 'member');
    expect((await call('PUT', '/api/client/notifications', quiet.token, { emailNotifications: false })).status).toBe(
      200,
    );
    const before = suite.api.outbox().length;
    await call('POST', `/api/admin/projects/${projectId}/communications`, suite.staffToken, {
      subject: 'Draft ready',
      message: 'Have a look.',
    });
    suite.api.advance(10 * 60_000);
    await suite.api.deliver();
    const sent = suite.api.outbox().slice(before);
    const to = (address: string) => sent.filter((m) => m.includes(`To: ${address}`));
    expect(to(owner.email)).toHaveLength(1);
    expect(to('pia@garden.example')).toHaveLength(1);
    expect(to('ben@garden.example')).toHaveLength(0);
    expect(to('quin@garden.example')).toHaveLength(0);
    const unsubscribe = (mail: string) => /List-Unsubscribe: <([^>]+)>/i.exec(mail.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    expect(unsubscribe(to(owner.email)[0]!)).not.toBe(unsubscribe(to('pia@garden.example')[0]!));
  });
});

describe('the team’s email names the person', () => {
  it('a member’s message reaches the team as theirs, not the owner’s', async () => {
    const { projectId, ownerToken } = await newClient('Named Mail');
    const member = await addMember(ownerToken, 'Lou Named', 'lou@named.example', 'member');
    const before = suite.api.outbox().length;
    await call('POST', `/api/client/projects/${projectId}/communications`, member.token, {
      subject: 'New photos',
      message: 'Uploaded them',
    });
    suite.api.advance(10 * 60_000);
    await suite.api.deliver();
    const team = suite.api
      .outbox()
      .slice(before)
      .filter((m) => m.includes('Subject: New message from'));
    expect(team).toHaveLength(1);
    expect(team[0]).toContain('Subject: New message from Lou Named: New photos');
  });
});

describe('live updates per person', () => {
  it(
    'a message from one member reaches the others live; a role changed while a stream is open stops what the new role may not see',
    { timeout: 20_000 },
    async () => {
      const { projectId, ownerToken } = await newClient('Live Oak');
      const member = await addMember(ownerToken, 'Lia Oak', 'lia@oak.example', 'member');
      const response = await suite.api.raw('/api/client/stream', {
        headers: { authorization: `Bearer ${member.token}` },
      });
      const stream = sseBlocks(response.body!);
      const nextEvent = async () => {
        for (;;) {
          const block = await stream.next(10_000);
          if (block === null) throw new Error('the stream ended');
          if (block.event && block.event !== 'ready') return { event: block.event, data: block.data };
        }
      };
      try {
        // The owner writes: Lia's stream carries it.
        await call('POST', `/api/client/projects/${projectId}/communications`, ownerToken, {
          subject: 'Hi',
          message: 'Lia, see this',
        });
        expect(await nextEvent()).toEqual({ event: 'message', data: { projectId } });
        // Lia becomes billing: the next message is not hers to see, the project's change is.
        expect(
          (await call('PATCH', `/api/client/team/members/${member.id}`, ownerToken, { role: 'billing' })).status,
        ).toBe(200);
        await call('POST', `/api/admin/projects/${projectId}/communications`, suite.staffToken, {
          subject: 'Draft',
          message: 'Here',
        });
        const clientId = (await call('GET', '/api/client/me', ownerToken)).body!.client.id as string;
        const updated = await call('PUT', `/api/admin/projects/${projectId}`, suite.staffToken, {
          clientId,
          title: 'Live Oak site v2',
          status: 'review',
        });
        expect(updated.status, JSON.stringify(updated.body)).toBe(200);
        expect(await nextEvent()).toEqual({ event: 'project-updated', data: { projectId } });
      } finally {
        await stream.cancel();
      }
    },
  );
});

describe('privacy per person', () => {
  it('a member’s export holds their own record and what their role sees', async () => {
    const { projectId, ownerToken } = await newClient('Export Mill');
    const member = await addMember(ownerToken, 'Eve Mill', 'eve@mill.example', 'member');
    const billing = await addMember(ownerToken, 'Bea Mill', 'bea@mill.example', 'billing');
    await call('POST', `/api/client/projects/${projectId}/communications`, member.token, {
      subject: 'Copy',
      message: 'Here is the copy',
    });
    await call('POST', `/api/client/projects/${projectId}/communications`, ownerToken, {
      subject: 'Thanks',
      message: 'Got it',
    });
    const asked = await call('POST', '/api/client/export', member.token);
    expect(asked.status).toBe(202);
    const eve = await clientExportContent(suite.api.db, member.id);
    expect(eve.subject).toEqual({ kind: 'client', id: member.id, name: 'Eve Mill' });
    expect(eve.records.profile).toEqual([expect.objectContaining({ name: 'Eve Mill', email: 'eve@mill.example' })]);
    const from = (eve.records.messages as { from: string; subject: string }[]).map((m) => [m.subject, m.from]);
    expect(from).toEqual(
      expect.arrayContaining([
        ['Copy', 'You'],
        ['Thanks', expect.stringMatching(/^Dana Reyes/)],
      ]),
    );
    const bea = await clientExportContent(suite.api.db, billing.id);
    expect(bea.records.projects).toHaveLength(1);
    expect(bea.records.messages).toEqual([]);
  });

  it('erasing a member anonymises that person and keeps the business’s records; erasing the client erases everyone', async () => {
    const { clientId, projectId, owner, ownerToken } = await newClient('Erase Works');
    const member = await addMember(ownerToken, 'Zed Works', 'zed@works.example', 'member');
    await call('POST', `/api/client/projects/${projectId}/communications`, member.token, {
      subject: 'Private note',
      message: 'My words',
    });
    await call('POST', `/api/client/projects/${projectId}/communications`, ownerToken, {
      subject: 'Owner note',
      message: 'Owner words',
    });
    const erased = await call('POST', `/api/admin/clients/${clientId}/members/${member.id}/erase`, suite.staffToken);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ erased: true, name: `Deleted member #${member.id.slice(0, 8)}` });
    expect((await call('GET', '/api/client/me', member.token)).status).toBe(401);
    const messages = (await call('GET', `/api/client/projects/${projectId}`, ownerToken)).body!.communications as {
      subject: string;
      author: { name: string };
    }[];
    expect(messages.map((m) => [m.subject, m.author.name])).toEqual(
      expect.arrayContaining([
        ['[erased]', `Deleted member #${member.id.slice(0, 8)}`],
        ['Owner note', owner.name],
      ]),
    );
    const team = (await call('GET', '/api/client/team', ownerToken)).body!.members as { email: string }[];
    expect(team.map((m) => m.email)).toEqual([owner.email]);
    // The only owner cannot be erased alone.
    const me = (await call('GET', '/api/client/me', ownerToken)).body!;
    expect(
      (await call('POST', `/api/admin/clients/${clientId}/members/${me.member.id}/erase`, suite.staffToken)).status,
    ).toBe(409);
    // The client's erasure erases every person of it.
    const other = await addMember(ownerToken, 'Yan Works', 'yan@works.example', 'billing');
    expect((await call('POST', `/api/admin/clients/${clientId}/erase`, suite.staffToken, {})).status).toBe(200);
    const people = await suite.api.db.read.select().from(clientMembers).where(eq(clientMembers.clientId, clientId));
    expect(people.every((p) => p.erasedAt && p.email.endsWith('@invalid'))).toBe(true);
    expect((await call('GET', '/api/client/me', other.token)).status).toBe(401);
  });
});
