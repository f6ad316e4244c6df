/**
 * The site's Terms of Service as a proposal carries them (docs/product.md#proposals): the text
 * published at /terms-of-service (src/content/legal/terms-of-service.md, its Markdown body), its
 * version (the `updated` day of its front matter) and title. Each version a proposal is written
 * with is stored once in `terms_versions`, so a proposal sent under an older version keeps its
 * words after the page changes.
 *
 * The file is read from the project's folder (the server's working directory, where `npm start`,
 * the tests and the scripts run) once per process and again when it changes on disk.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { termsVersions } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';

/** One version of the Terms: 'YYYY-MM-DD', the title, the Markdown text and its SHA-256 (hex). */
export interface TermsVersion {
  version: string;
  title: string;
  text: string;
  sha256: string;
}

/** Where the published Terms are, under the project's folder. */
const TERMS_FILE = join('src', 'content', 'legal', 'terms-of-service.md');

/** The page that publishes them, under the site's address. */
export const TERMS_PATH = '/terms-of-service';

let cached: { mtimeMs: number; path: string; terms: TermsVersion } | null = null;

/**
 * The Terms as published now. Throws when the file is missing or its front matter has no
 * `title` and `updated` day (the build checks the same).
 */
export function currentTerms(root = process.cwd()): TermsVersion {
  const path = join(root, TERMS_FILE);
  const { mtimeMs } = statSync(path);
  if (cached && cached.path === path && cached.mtimeMs === mtimeMs) return cached.terms;
  const source = readFileSync(path, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${TERMS_FILE} has no front matter`);
  const front = parseYaml(match[1]!) as { title?: unknown; updated?: unknown };
  const updated =
    front.updated instanceof Date ? front.updated.toISOString().slice(0, 10) : String(front.updated ?? '');
  if (typeof front.title !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(updated)) {
    throw new Error(`${TERMS_FILE} needs a title and an updated day`);
  }
  const text = match[2]!.trim();
  const terms = {
    version: updated,
    title: front.title,
    text,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
  };
  cached = { mtimeMs, path, terms };
  return terms;
}

/**
 * The current Terms, stored in `terms_versions` in the caller's write `tx` when this version is
 * not there yet (a changed text under an unchanged day is stored as `{day}.{first 8 of its hash}`).
 * Returns the version as stored.
 */
export async function recordCurrentTerms(tx: SqlDb): Promise<TermsVersion> {
  const terms = currentTerms();
  const [stored] = await tx.select().from(termsVersions).where(eq(termsVersions.version, terms.version));
  if (!stored) {
    await tx.insert(termsVersions).values(terms);
    return terms;
  }
  if (stored.sha256 === terms.sha256) return terms;
  const version = `${terms.version}.${terms.sha256.slice(0, 8)}`;
  await tx
    .insert(termsVersions)
    .values({ ...terms, version })
    .onConflictDoNothing();
  return { ...terms, version };
}
