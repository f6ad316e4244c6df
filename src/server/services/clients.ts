/**
 * Client accounts (SPEC.md 3.1 clients). Emails are stored trimmed and lower-cased, so that one
 * address cannot register twice in another case (issue 3).
 */
import { eq } from 'drizzle-orm';
import { clients } from '../../../db/schema/index.ts';
import type { Database, DbExecutor } from '../db.ts';
import { isUniqueViolation } from './db-errors.ts';

export type ClientRow = typeof clients.$inferSelect;

/** What the API may show of a client: everything but the password hash. */
export interface PublicClient {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  isActive: boolean;
  createdAt: string;
}

export function toPublicClient(client: ClientRow): PublicClient {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    company: client.company,
    phone: client.phone,
    isActive: client.isActive,
    createdAt: client.createdAt.toISOString(),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findClientByEmail(db: Database, email: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(eq(clients.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** Thrown by createClient when the email is already registered (in any case). */
export class DuplicateEmailError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

export interface NewClient {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  passwordHash: string;
}

/** Inserts a client. Throws DuplicateEmailError when the email exists. */
export async function createClient(db: DbExecutor, input: NewClient): Promise<ClientRow> {
  const now = new Date();
  try {
    const [row] = await db
      .insert(clients)
      .values({
        name: input.name,
        email: normalizeEmail(input.email),
        company: input.company ?? null,
        phone: input.phone ?? null,
        passwordHash: input.passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError();
    throw error;
  }
}
