/**
 * A database as tests open it: the app's `Database` (`db`: `db.read`, `db.write`) beside a plain
 * `@libsql/client` connection (`client`) for raw SQL in assertions and set-up, which a service
 * never gets. `client.close()` closes both.
 */
import { createClient, type Client } from '@libsql/client';
import { openDatabase, type Database, type OpenOptions } from '../../src/server/db/database.ts';

export interface DatabaseHandle {
  db: Database;
  client: Client;
}

/** Opens `url` both ways (see the module comment). Throws what `openDatabase` throws. */
export async function openDatabaseHandle(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const db = await openDatabase(url, undefined, options);
  const client = createClient({ url });
  // A test's own writes wait for the server's, as any second process on the file should.
  if (url.startsWith('file:')) await client.execute('PRAGMA busy_timeout = 5000');
  const closeClient = client.close.bind(client);
  client.close = () => {
    closeClient();
    db.close();
  };
  return { db, client };
}
