/** Where an embedded database lives: its file path from DATABASE_URL, and back (docs/product.md#settings). */
import { resolve } from 'node:path';

/**
 * The absolute path of the file behind an embedded database URL (`file:db/data/app.db` →
 * `/…/db/data/app.db`, percent-escapes decoded); undefined for `:memory:` and for libSQL server
 * URLs (`libsql:`, `http(s):`, `ws(s):`).
 */
export function databaseFilePath(url: string): string | undefined {
  if (!url.startsWith('file:') || url.includes(':memory:')) return undefined;
  const raw =
    url
      .slice('file:'.length)
      .replace(/^\/\/(localhost)?/, '')
      .split('?')[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A lone `%` is part of the name.
  }
  return resolve(path);
}

/** A `file:` URL for an absolute path that the libSQL client reads back as that path. */
export function fileUrlOf(path: string): string {
  return `file:${encodeURI(path).replace(/[?#]/g, (c) => encodeURIComponent(c))}`;
}
