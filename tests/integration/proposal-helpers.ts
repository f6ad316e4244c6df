/**
 * What the proposal and agreement tests share: JSON calls as a browser of the site sends them, a
 * client made by staff with its owner signed in, team members of each role, a proposal body, and
 * drafting and sending one.
 */
import { expect } from 'vitest';
import type { StaffSuite } from './helpers.ts';
import { daysFromToday } from '../../src/server/services/proposals/validity.ts';

export const PASSWORD = 'quiet-harbour-47';

/** A JSON request to the API with `token` as its bearer; the answer's status and parsed body. */
export async function call(
  suite: StaffSuite,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's fields
): Promise<{ status: number; body: any; headers: Headers }> {
  const origin = new URL(suite.api.env.SITE_URL).origin;
  const response = await suite.api.raw(
    path,
    {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    headers['x-test-address'] ?? '198.51.100.7',
  );
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('json') ? await response.json() : await response.arrayBuffer();
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A proposal of three one-off lines (one optional) and a monthly one, $200 off, 50 % deposit. */
export function proposalBody(over: { clientId?: string; leadId?: string; title?: string; validUntil?: string }) {
  return {
    ...(over.clientId ? { clientId: over.clientId } : {}),
    ...(over.leadId ? { leadId: over.leadId } : {}),
    title: over.title ?? 'New website',
    intro: '## The plan\n\nA fast site with **online ordering**.',
    items: [
      { description: 'Design and build', quantity: 2, unitPriceCents: 120_000, recurring: null, optional: false },
      { description: 'Copywriting', quantity: 1, unitPriceCents: 30_000, recurring: null, optional: false },
      { description: 'Logo refresh', quantity: 1, unitPriceCents: 45_000, recurring: null, optional: true },
      {
        description: 'Hosting and care plan',
        quantity: 1,
        unitPriceCents: 9_900,
        recurring: 'monthly' as const,
        optional: false,
      },
    ],
    discountCents: 20_000,
    depositPercent: 50,
    extraTerms: 'Launch within 6 weeks of the deposit.',
    validUntil: over.validUntil ?? daysFromToday('America/New_York', 30),
  };
}

/** The helpers bound to `suite`. */
export function proposalHelpers(suite: StaffSuite) {
  let counter = 0;
  const signIn = async (email: string, password = PASSWORD) => {
    const response = await call(suite, 'POST', '/api/client/login', undefined, { email, password });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.token as string;
  };

  /** The welcome link's token in the latest invitation emailed to `email`. */
  const invitationToken = (email: string): string => {
    const mails = suite.api
      .outbox()
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes(`To: ${email}`) && m.includes('welcome#token='));
    const token = /welcome#token=([\w-]+)/.exec(mails.at(-1) ?? '')?.[1];
    if (!token) throw new Error(`no invitation to ${email}`);
    return token;
  };

  /** A client made by staff, its owner able to sign in with PASSWORD. */
  const newClient = async (company: string) => {
    counter++;
    const owner = {
      name: `Dana Reyes ${counter}`,
      email: `dana${counter}-${Date.now()}@${company.toLowerCase().replace(/\W/g, '')}.example`,
    };
    const created = await call(suite, 'POST', '/api/admin/clients', suite.staffToken, {
      ...owner,
      company,
      password: PASSWORD,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { clientId: created.body.id as string, owner };
  };

  /** Invites `email` to the team as `role` by its owner's `ownerToken`, accepts, and signs them in. */
  const addMember = async (ownerToken: string, name: string, email: string, role: 'owner' | 'member' | 'billing') => {
    const invited = await call(suite, 'POST', '/api/client/team/invitations', ownerToken, { email, name, role });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    await suite.api.deliver();
    const accepted = await call(suite, 'POST', '/api/client/invitations/accept', undefined, {
      token: invitationToken(email),
      name,
      password: PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return accepted.body.token as string;
  };

  /** Drafts a proposal (proposalBody) and returns its id. */
  const draft = async (over: Parameters<typeof proposalBody>[0]) => {
    const created = await call(suite, 'POST', '/api/admin/proposals', suite.staffToken, proposalBody(over));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };

  const send = (id: string) => call(suite, 'POST', `/api/admin/proposals/${id}/send`, suite.staffToken);

  /** A client whose owner is signed in, with a sent proposal opened by the owner. */
  const sentToClient = async (company: string) => {
    const client = await newClient(company);
    const id = await draft({ clientId: client.clientId });
    const sent = await send(id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const ownerToken = await signIn(client.owner.email);
    const opened = await call(suite, 'GET', `/api/client/proposals/${id}`, ownerToken);
    expect(opened.status).toBe(200);
    return { ...client, id, ownerToken, documentHash: opened.body.documentHash as string };
  };

  return { signIn, invitationToken, newClient, addMember, draft, send, sentToClient };
}
