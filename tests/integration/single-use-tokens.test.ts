/**
 * The one store of single-use tokens (docs/decisions/0037-one-single-use-token-store.md), for
 * every purpose: a token spends once, not after its expiry (the clock is passed in, never slept
 * on), not for another purpose, and exactly once when two servers spend it at the same moment
 * (two connections to the same file, each with its own write path, in this process; and two
 * processes, tests/integration/spend-worker.ts). The sweep keeps what the old per-table sweeps
 * kept. And a token stored in an old table before migration 0018 still spends, once, after it.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USE_PURPOSES, singleUseTokens, type SingleUsePurpose } from '../../db/schema/index.ts';
import { migrateDatabase } from '../../src/server/db/database.ts';
import {
  findToken,
  hashToken,
  issueToken,
  peekToken,
  spendToken,
  type TokenPayloads,
} from '../../src/server/services/single-use-tokens.ts';
import { sweepTokens } from '../../src/server/services/single-use-token-subjects.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../support/database.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const TSX = join(import.meta.dirname, '../../node_modules/tsx/dist/cli.mjs');
const HOUR = 3_600_000;
const T0 = new Date('2026-11-23T09:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A subject and payload of each purpose, as its module stores them. */
const SAMPLES: { [P in SingleUsePurpose]: { subject: string; payload: TokenPayloads[P] } } = {
  'staff-sign-in': { subject: 'owner@example.com', payload: null },
  'client-sign-in': { subject: 'client-1', payload: { redirectPath: '/portal/projects/p1' } },
  'password-reset': { subject: 'client-1', payload: null },
  'client-invitation': { subject: 'client-1', payload: null },
  'second-factor': { subject: 'staff:user-1', payload: { method: 'password', redirectPath: null } },
  'passkey-register': { subject: 'client:client-1', payload: null },
  'passkey-sign-in': { subject: 'staff', payload: null },
  'staff-invitation': { subject: 'new@example.com', payload: { role: 'staff', invitedBy: 'owner@example.com' } },
  'data-export': { subject: 'export-1', payload: null },
  'chat-email': { subject: 'conversation-1', payload: { email: 'visitor@example.com' } },
};

const dir = mkdtempSync(join(tmpdir(), 'single-use-tokens-'));
const file = join(dir, 'tokens.db');
let one: DatabaseHandle;
let other: DatabaseHandle;

beforeAll(async () => {
  one = await openDatabaseHandle(`file:${file}`);
  await migrateDatabase(one.db, MIGRATIONS);
  // A second server: its own connections to the same file and its own write path. (The same
  // driver as the first: two SQLite libraries in one process do not see each other's locks.)
  other = await openDatabaseHandle(`file:${file}`);
});
afterAll(() => {
  other.client.close();
  one.client.close();
  rmSync(dir, { recursive: true, force: true });
});

const issue = (purpose: SingleUsePurpose, ttlMs = HOUR) =>
  issueToken(one.db, purpose, SAMPLES[purpose].subject, ttlMs, SAMPLES[purpose].payload, { now: T0 });

describe.each(SINGLE_USE_PURPOSES.map((purpose) => ({ purpose })))('a $purpose token', ({ purpose }) => {
  it('is stored as the SHA-256 of a 43-character base64url token, and spends once', async () => {
    const token = await issue(purpose);
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await findToken(one.db.read, purpose, token);
    expect(stored).toMatchObject({ subject: SAMPLES[purpose].subject, usedAt: null, expiresAt: at(HOUR) });
    const rows = await one.client.execute({
      sql: 'SELECT token_hash FROM single_use_tokens WHERE id = ?',
      args: [stored!.id],
    });
    expect(rows.rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    const spent = await spendToken(one.db, purpose, token, at(1000));
    expect(spent).toMatchObject({
      purpose,
      subject: SAMPLES[purpose].subject,
      payload: SAMPLES[purpose].payload,
      usedAt: at(1000),
    });
    expect(await spendToken(one.db, purpose, token, at(2000))).toBeNull();
    expect(await peekToken(one.db.read, purpose, token, at(2000))).toBeNull();
  });

  it('is refused at and after its expiry, and works until then', async () => {
    const late = await issue(purpose, 10_000);
    expect(await spendToken(one.db, purpose, late, at(10_000))).toBeNull();
    expect(await spendToken(one.db, purpose, late, at(HOUR))).toBeNull();
    const onTime = await issue(purpose, 10_000);
    expect(await peekToken(one.db.read, purpose, onTime, at(9_999))).not.toBeNull();
    expect(await spendToken(one.db, purpose, onTime, at(9_999))).not.toBeNull();
  });

  it('is refused for any other purpose, and still spends for its own', async () => {
    const token = await issue(purpose);
    for (const wrong of SINGLE_USE_PURPOSES.filter((p) => p !== purpose)) {
      expect(await spendToken(one.db, wrong, token, at(1000)), wrong).toBeNull();
      expect(await findToken(one.db.read, wrong, token), wrong).toBeUndefined();
    }
    expect(await spendToken(one.db, purpose, token, at(1000))).not.toBeNull();
  });

  it('spent by two servers at the same moment, is spent by exactly one', async () => {
    for (let round = 0; round < 5; round++) {
      const token = await issue(purpose);
      const results = await Promise.all([
        spendToken(one.db, purpose, token, at(1000)),
        spendToken(other.db, purpose, token, at(1000)),
        spendToken(one.db, purpose, token, at(1000)),
        spendToken(other.db, purpose, token, at(1000)),
      ]);
      expect(
        results.filter((row) => row !== null),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it('is refused for an unknown token', async () => {
    expect(await spendToken(one.db, purpose, 'x'.repeat(43), at(0))).toBeNull();
  });
});

describe('two server processes spending the same tokens at the same moment', () => {
  it('spend each token, of every purpose, exactly once between them', async () => {
    // Issued now: the workers spend on their own clock.
    const tokens = await Promise.all(
      SINGLE_USE_PURPOSES.map(async (purpose) => {
        const { subject, payload } = SAMPLES[purpose];
        return [purpose, await issueToken(one.db, purpose, subject, HOUR, payload)];
      }),
    );
    const env = {
      ...process.env,
      DATABASE_URL: `file:${file}`,
      TOKENS: JSON.stringify(tokens),
      START_AT: String(Date.now() + 3_000),
    };
    const worker = () =>
      promisify(execFile)(process.execPath, [TSX, join(import.meta.dirname, 'spend-worker.ts')], { env });
    const [a, b] = await Promise.all([worker(), worker()]);
    const gotA = JSON.parse(a.stdout) as boolean[];
    const gotB = JSON.parse(b.stdout) as boolean[];
    expect(gotA.map((got, i) => Number(got) + Number(gotB[i]))).toEqual(SINGLE_USE_PURPOSES.map(() => 1));
  }, 60_000);
});

describe('the sweep of the store', () => {
  it('deletes tokens past their expiry, used or not, but keeps unused client invitations', async () => {
    await one.db.write((tx) => tx.delete(singleUseTokens));
    const expired = await Promise.all(SINGLE_USE_PURPOSES.map((purpose) => issue(purpose, HOUR)));
    const live = await Promise.all(SINGLE_USE_PURPOSES.map((purpose) => issue(purpose, 2 * HOUR)));
    const usedInvitation = await issue('client-invitation', HOUR);
    await spendToken(one.db, 'client-invitation', usedInvitation, at(1000));

    // At the expiry itself the first ones go, but an unused invitation stays.
    expect(await sweepTokens(one.db, at(HOUR))).toBe(SINGLE_USE_PURPOSES.length);
    const left = async (tokens: string[]) =>
      (await Promise.all(tokens.map((t, i) => findToken(one.db.read, SINGLE_USE_PURPOSES[i]!, t))))
        .filter(Boolean)
        .map((row) => row!.purpose);
    expect(await left(expired)).toEqual(['client-invitation']);
    expect(await left(live)).toEqual([...SINGLE_USE_PURPOSES]);
    expect(await findToken(one.db.read, 'client-invitation', usedInvitation)).toBeUndefined();
    // The kept invitation says it expired; it never spends.
    expect(await spendToken(one.db, 'client-invitation', expired[3]!, at(HOUR))).toBeNull();
  });
});

/** A base32 token of the old recipe (48 characters), and the SHA-256 hex the old tables kept. */
function oldToken(bytes = 30): { token: string; hash: string } {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const token = [...randomBytes(bytes)].map((b) => alphabet[b % 32]).join('');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

describe('migration 0018', () => {
  it('carries every old token, which then spends once, for its purpose, until it expires', async () => {
    // The migrations up to 0017, as a database made before the store had them.
    const before = join(dir, 'before-0018');
    mkdirSync(join(before, 'meta'), { recursive: true });
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; idx: number }[];
    };
    const upTo17 = journal.entries.filter((entry) => entry.idx <= 17);
    for (const { tag } of upTo17) copyFileSync(join(MIGRATIONS, `${tag}.sql`), join(before, `${tag}.sql`));
    writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: upTo17 }));
    const old = await openDatabaseHandle(`file:${join(dir, 'old.db')}`);
    try {
      await migrateDatabase(old.db, before);
      const now = Date.now();
      const later = now + HOUR;
      const staffLink = oldToken();
      const clientLink = oldToken();
      const reset = oldToken();
      const invitation = oldToken();
      const challenge = oldToken();
      const staffInvitation = oldToken();
      const exportToken = randomBytes(32).toString('base64url');
      const chatToken = oldToken(20);
      const passkeyChallenge = randomBytes(32).toString('base64url');
      const sql = [
        `INSERT INTO clients (id, name, email, password_hash) VALUES ('c1', 'Ada', 'ada@example.com', 'x')`,
        `INSERT INTO admin_sign_in_links (id, email, token_hash, expires_at) VALUES ('l1', 'owner@example.com', '${staffLink.hash}', ${later})`,
        `INSERT INTO client_sign_in_links (id, client_id, token_hash, redirect_path, expires_at) VALUES ('l2', 'c1', '${clientLink.hash}', '/portal/projects/p1', ${later})`,
        `INSERT INTO password_reset_tokens (id, client_id, token_hash, expires_at) VALUES ('r1', 'c1', '${reset.hash}', ${later})`,
        `INSERT INTO password_reset_tokens (id, client_id, token_hash, purpose, expires_at) VALUES ('r2', 'c1', '${invitation.hash}', 'invitation', ${later})`,
        `INSERT INTO second_factor_challenges (id, token_hash, kind, user_id, method, redirect_path, expires_at) VALUES ('s1', '${challenge.hash}', 'client', 'c1', 'link', '/portal', ${later})`,
        `INSERT INTO webauthn_challenges (challenge, kind, purpose, user_id, expires_at) VALUES ('${passkeyChallenge}', 'client', 'register', 'c1', ${later})`,
        `INSERT INTO staff_invitations (id, email, role, token_hash, invited_by, expires_at) VALUES ('i1', 'new@example.com', 'owner', '${staffInvitation.hash}', 'owner@example.com', ${later})`,
        `INSERT INTO data_exports (id, subject_kind, subject_id, requested_by, email, status, storage_key, token_hash, expires_at) VALUES ('e1', 'client', 'c1', 'self', 'ada@example.com', 'ready', 'k', '${createHash('sha256').update(exportToken).digest('hex')}', ${later})`,
        `INSERT INTO chat_conversations (id, visitor_token_hash, confirm_token_hash, confirm_email, confirm_expires_at) VALUES ('v1', 'h', '${chatToken.hash}', 'visitor@example.com', ${later})`,
      ];
      for (const statement of sql) await old.client.execute(statement);

      await migrateDatabase(old.db, MIGRATIONS);

      const gone = await old.client.execute(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('admin_sign_in_links', 'client_sign_in_links', 'password_reset_tokens', 'second_factor_challenges', 'webauthn_challenges', 'staff_invitations')`,
      );
      expect(gone.rows).toEqual([]);
      // The later migrations (0020) carry a client's tokens to its owner, the member made for it.
      const owner = await old.client.execute(`SELECT id FROM client_members WHERE client_id = 'c1'`);
      expect(owner.rows).toHaveLength(1);
      const c1 = String(owner.rows[0]!.id);
      const cases: [SingleUsePurpose, string, string, unknown][] = [
        ['staff-sign-in', staffLink.token, 'owner@example.com', null],
        ['client-sign-in', clientLink.token, c1, { redirectPath: '/portal/projects/p1' }],
        ['password-reset', reset.token, c1, null],
        ['client-invitation', invitation.token, c1, null],
        ['second-factor', challenge.token, `client:${c1}`, { method: 'link', redirectPath: '/portal' }],
        ['passkey-register', passkeyChallenge, `client:${c1}`, null],
        [
          'staff-invitation',
          staffInvitation.token,
          'new@example.com',
          { role: 'owner', invitedBy: 'owner@example.com' },
        ],
        ['data-export', exportToken, 'e1', null],
        ['chat-email', chatToken.token, 'v1', { email: 'visitor@example.com' }],
      ];
      for (const [purpose, token, subject, payload] of cases) {
        // Not past its old expiry, not for another purpose, then once.
        expect(await spendToken(old.db, purpose, token, new Date(later)), purpose).toBeNull();
        const other = purpose === 'staff-sign-in' ? 'client-sign-in' : 'staff-sign-in';
        expect(await spendToken(old.db, other, token, new Date(now)), purpose).toBeNull();
        const spent = await spendToken(old.db, purpose, token, new Date(now));
        expect(spent, purpose).toMatchObject({ subject, payload, expiresAt: new Date(later) });
        expect(await spendToken(old.db, purpose, token, new Date(now)), purpose).toBeNull();
      }
      // Only passkey challenges are looked up by their carried plain form.
      const carried = await old.client.execute(
        `SELECT token_hash FROM single_use_tokens WHERE token_hash LIKE 'plain:%'`,
      );
      expect(carried.rows.map((row) => row.token_hash)).toEqual([`plain:${passkeyChallenge}`]);
      expect(hashToken(passkeyChallenge)).not.toBe(`plain:${passkeyChallenge}`);
    } finally {
      old.client.close();
    }
  });
});
