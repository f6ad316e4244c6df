/**
 * Retention (docs/retention.md), with a fixed clock: leads never converted are anonymised 24
 * months after their last activity, visitors' chats deleted 12 months after their last message,
 * and a former client's projects deleted 7 years after the client's last change (the client
 * erased); younger records, converted leads and active clients stay. A dry run changes nothing,
 * and `npm run retention -- --dry-run` prints the counts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatConversations,
  chatMessages,
  clientMembers,
  clients,
  contactSubmissions,
  leadNotes,
  projects,
} from '../../db/schema/index.ts';
import { applyRetention } from '../../src/server/services/privacy/retention.ts';
import { createTestApi, type TestApi } from './helpers.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const monthsAgo = (m: number) => new Date(Date.UTC(2026, 10 - m, 27, 12));
const SETTINGS = { RETENTION_LEAD_MONTHS: 24, RETENTION_CHAT_MONTHS: 12, RETENTION_YEARS_PROJECTS: 7 };

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

async function seed() {
  return api.db.write(async (tx) => {
    const lead = (name: string, createdAt: Date, clientId: string | null = null) =>
      tx
        .insert(contactSubmissions)
        .values({
          name,
          email: `${name.toLowerCase()}@example.com`,
          message: 'Hi',
          source: 'landing',
          createdAt,
          clientId,
        })
        .returning({ id: contactSubmissions.id })
        .then((r) => r[0]!.id);
    /** A client with its owner (a member who has joined, with a password), as every client has. */
    const client = async (values: typeof clients.$inferInsert) => {
      const [row] = await tx.insert(clients).values(values).returning();
      await tx.insert(clientMembers).values({
        clientId: row!.id,
        name: row!.name,
        email: row!.email,
        role: 'owner',
        passwordHash: 'x',
        joinedAt: values.updatedAt,
        createdAt: values.updatedAt,
        updatedAt: values.updatedAt,
      });
      return row;
    };
    const active = await client({ name: 'Active Client', email: 'active@example.com', updatedAt: monthsAgo(100) });
    const former = await client({
      name: 'Former Client',
      email: 'former@example.com',
      isActive: false,
      updatedAt: monthsAgo(85),
    });
    const recentFormer = await client({
      name: 'Recent Former',
      email: 'recent@example.com',
      isActive: false,
      updatedAt: monthsAgo(30),
    });
    for (const c of [active!, former!, recentFormer!]) {
      await tx.insert(projects).values({ clientId: c.id, title: `${c.name} site` });
    }
    const oldLead = await lead('Oldlead', monthsAgo(25));
    const notedLead = await lead('Notedlead', monthsAgo(30));
    await tx
      .insert(leadNotes)
      .values({ leadId: notedLead, body: 'Called back', author: 'staff', createdAt: monthsAgo(6) });
    const youngLead = await lead('Younglead', monthsAgo(23));
    const convertedLead = await lead('Convertedlead', monthsAgo(40), active!.id);
    const chat = async (createdAt: Date, lastMessage: Date) => {
      const [row] = await tx
        .insert(chatConversations)
        .values({ visitorTokenHash: crypto.randomUUID(), status: 'closed', name: 'Visitor', createdAt })
        .returning({ id: chatConversations.id });
      await tx
        .insert(chatMessages)
        .values({ conversationId: row!.id, author: 'visitor', body: 'hello', createdAt: lastMessage });
      return row!.id;
    };
    const oldChat = await chat(monthsAgo(20), monthsAgo(13));
    const youngChat = await chat(monthsAgo(20), monthsAgo(11));
    return {
      active: active!,
      former: former!,
      recentFormer: recentFormer!,
      oldLead,
      notedLead,
      youngLead,
      convertedLead,
      oldChat,
      youngChat,
    };
  });
}

describe('retention', () => {
  it('does what is due and nothing else, and a dry run only counts', async () => {
    const s = await seed();
    const dry = await applyRetention(api.db, SETTINGS, NOW, { dryRun: true });
    expect(dry.counts).toEqual({ leadsAnonymised: 1, chatsDeleted: 1, clientsWithProjectsDeleted: 1 });
    const [stillThere] = await api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, s.oldLead));
    expect(stillThere?.name).toBe('Oldlead');

    const run = await applyRetention(api.db, SETTINGS, NOW);
    expect(run.counts).toEqual(dry.counts);
    const lead = async (id: string) =>
      (await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0]!;
    expect(await lead(s.oldLead)).toMatchObject({ email: null, message: '[erased]' });
    for (const id of [s.notedLead, s.youngLead, s.convertedLead]) expect((await lead(id)).message).toBe('Hi');
    const chats = await api.db.read.select({ id: chatConversations.id }).from(chatConversations);
    expect(chats.map((c) => c.id)).not.toContain(s.oldChat);
    expect(chats.map((c) => c.id)).toContain(s.youngChat);
    const projectsOf = async (clientId: string) =>
      (await api.db.read.select().from(projects).where(eq(projects.clientId, clientId))).length;
    expect(await projectsOf(s.former.id)).toBe(0);
    expect(await projectsOf(s.recentFormer.id)).toBe(1);
    expect(await projectsOf(s.active.id)).toBe(1);
    const [former] = await api.db.read.select().from(clients).where(eq(clients.id, s.former.id));
    expect(former).toMatchObject({
      email: `deleted-${s.former.id}@invalid`,
      erasureBasis: 'Retention period ended: projects deleted.',
    });

    // Run again: nothing more is due.
    expect((await applyRetention(api.db, SETTINGS, NOW)).counts).toEqual({
      leadsAnonymised: 0,
      chatsDeleted: 0,
      clientsWithProjectsDeleted: 0,
    });
  });

  // Two runs of a script through tsx: seconds each on a busy machine.
  it('`npm run retention -- --dry-run` prints the counts and changes nothing', { timeout: 60_000 }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts', '--dry-run'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: api.env.DATABASE_URL },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Retention, dry run (nothing changed):');
    expect(result.stdout).toMatch(/leadsAnonymised: \d+/);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts', '--now'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: api.env.DATABASE_URL },
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
  });
});
