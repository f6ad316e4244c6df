/**
 * The migration that gives clients their members (docs/decisions/0041-client-members.md): every
 * client of a database made before it becomes a client with one owner who carries its email,
 * password, sessions (a signed-in browser stays signed in), passkeys, two-step secret, recovery
 * codes, consents, exports, open links and notification setting; what the client wrote names that
 * owner; a client still invited stays invited.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clientMembers, clients } from '../../db/schema/index.ts';
import { migrateDatabase } from '../../src/server/db/database.ts';
import { newSessionToken } from '../../src/server/services/sign-in/session-tokens.ts';
import { validateSession } from '../../src/server/services/sign-in/sessions.ts';
import { hashToken, spendToken } from '../../src/server/services/single-use-tokens.ts';
import { openDatabaseHandle } from '../support/database.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const dir = mkdtempSync(join(tmpdir(), 'members-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of the migrations up to `lastIdx`, as a database made before the later ones had them. */
function migrationsUpTo(lastIdx: number): string {
  const folder = join(dir, `up-to-${lastIdx}`);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  for (const { tag } of entries) copyFileSync(join(MIGRATIONS, `${tag}.sql`), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

describe('migration 0020 (client members)', () => {
  it('turns each client into a client with one owner carrying everything of the person', async () => {
    const old = await openDatabaseHandle(`file:${join(dir, 'old.db')}`);
    try {
      await migrateDatabase(old.db, migrationsUpTo(19));
      const now = Date.now();
      const later = now + 3_600_000;
      const session = newSessionToken(new Date(now));
      const reset = 'resettokenabcdefghijklmnopqrstuv';
      const statements = [
        `INSERT INTO clients (id, name, email, company, password_hash, email_notifications) VALUES ('c1', 'Ada Baker', 'ada@bakery.example', 'Ada Bakery', 'argon-hash', 0)`,
        `INSERT INTO clients (id, name, email, password_hash) VALUES ('c2', 'Ivy Invited', 'ivy@example.com', 'none: set through the invitation link')`,
        `INSERT INTO client_sessions (id, client_id, secret_hash, expires_at, method) VALUES ('${session.id}', 'c1', X'${session.secretHash.toString('hex')}', ${session.expiresAt.getTime()}, 'password')`,
        `INSERT INTO passkeys (id, kind, user_id, user_handle, public_key, transports, name) VALUES ('pk1', 'client', 'c1', 'h', X'00', '[]', 'Laptop')`,
        `INSERT INTO totp_credentials (kind, user_id, secret, confirmed_at) VALUES ('client', 'c1', 'SECRET', ${now})`,
        `INSERT INTO recovery_codes (id, kind, user_id, code_hash) VALUES ('rc1', 'client', 'c1', 'hash')`,
        `INSERT INTO consent_records (id, subject_kind, subject_id, purpose, granted, text_version, text_sha256, method) VALUES ('cr1', 'client', 'c1', 'newsletter', 1, 'v1', 'sha', 'settings')`,
        `INSERT INTO data_exports (id, subject_kind, subject_id, requested_by, email) VALUES ('e1', 'client', 'c1', 'self', 'ada@bakery.example')`,
        `INSERT INTO single_use_tokens (id, purpose, subject, token_hash, expires_at) VALUES ('t1', 'password-reset', 'c1', '${hashToken(reset)}', ${later})`,
        `INSERT INTO single_use_tokens (id, purpose, subject, token_hash, expires_at) VALUES ('t2', 'second-factor', 'client:c1', 'other-hash', ${later})`,
        `INSERT INTO projects (id, client_id, title) VALUES ('p1', 'c1', 'Bakery site')`,
        `INSERT INTO communications (id, project_id, from_client, subject, message) VALUES ('m1', 'p1', 1, 'Hello', 'From Ada')`,
        `INSERT INTO communications (id, project_id, from_client, subject, message) VALUES ('m2', 'p1', 0, 'Re: Hello', 'From the team')`,
        `INSERT INTO project_files (id, project_id, client_id, storage_key, name, size, type, sha256, uploaded_by, uploader_name) VALUES ('f1', 'p1', 'c1', 'k1', 'menu.pdf', 10, 'application/pdf', 'sha', 'client', 'Ada Baker')`,
        `INSERT INTO approvals (id, project_id, title, subject_sha256, status, requested_by_name, decided_at, decided_by_name, decided_by_email) VALUES ('a1', 'p1', 'Logo', 'abc', 'approved', 'Team', ${now}, 'Ada Baker', 'ada@bakery.example')`,
      ];
      for (const statement of statements) await old.client.execute(statement);

      await migrateDatabase(old.db, MIGRATIONS);

      const members = await old.db.read.select().from(clientMembers);
      expect(members).toHaveLength(2);
      const ada = members.find((m) => m.clientId === 'c1')!;
      expect(ada).toMatchObject({
        name: 'Ada Baker',
        email: 'ada@bakery.example',
        passwordHash: 'argon-hash',
        role: 'owner',
        emailNotifications: false,
      });
      expect(ada.joinedAt).not.toBeNull();
      expect(ada.id).not.toBe('c1');
      // A client still invited is an owner still invited, with no password.
      expect(members.find((m) => m.clientId === 'c2')).toMatchObject({ passwordHash: null, joinedAt: null });

      // The signed-in browser stays signed in, as Ada.
      const validated = await validateSession(old.db, 'client', session.token, new Date(now));
      expect(validated?.user).toMatchObject({ id: ada.id, clientId: 'c1', role: 'owner', client: { id: 'c1' } });

      const rows = async (sql: string) => (await old.client.execute(sql)).rows.map((row) => ({ ...row }));
      expect(await rows(`SELECT user_id FROM passkeys`)).toEqual([{ user_id: ada.id }]);
      expect(await rows(`SELECT user_id FROM totp_credentials`)).toEqual([{ user_id: ada.id }]);
      expect(await rows(`SELECT user_id FROM recovery_codes`)).toEqual([{ user_id: ada.id }]);
      expect(await rows(`SELECT subject_id FROM consent_records`)).toEqual([{ subject_id: ada.id }]);
      expect(await rows(`SELECT subject_id FROM data_exports`)).toEqual([{ subject_id: ada.id }]);
      expect(await rows(`SELECT subject FROM single_use_tokens WHERE id = 't2'`)).toEqual([
        { subject: `client:${ada.id}` },
      ]);
      expect(await spendToken(old.db, 'password-reset', reset, new Date(now))).toMatchObject({ subject: ada.id });
      expect(await rows(`SELECT id, author_id, author_name FROM communications ORDER BY id`)).toEqual([
        { id: 'm1', author_id: ada.id, author_name: 'Ada Baker' },
        { id: 'm2', author_id: null, author_name: null },
      ]);
      expect(await rows(`SELECT uploader_member_id FROM project_files`)).toEqual([{ uploader_member_id: ada.id }]);
      expect(await rows(`SELECT decided_by_member_id FROM approvals`)).toEqual([{ decided_by_member_id: ada.id }]);
      // The business keeps its id and fields; the person's credentials left it.
      const [business] = await old.db.read.select().from(clients).where(eq(clients.id, 'c1'));
      expect(business).toMatchObject({
        id: 'c1',
        name: 'Ada Baker',
        email: 'ada@bakery.example',
        company: 'Ada Bakery',
      });
      expect(Object.keys(business!)).not.toContain('passwordHash');
      // Removing the member later takes its session with it (the new foreign key).
      await old.db.write((tx) => tx.delete(clientMembers).where(eq(clientMembers.id, ada.id)));
      expect(await rows(`SELECT count(*) AS n FROM client_sessions`)).toEqual([{ n: 0 }]);
    } finally {
      old.client.close();
    }
  });
});
