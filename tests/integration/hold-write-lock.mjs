// A second process that takes the database's write lock (BEGIN IMMEDIATE) and holds it for
// HOLD_MS, as a CLI script, a backup or another server would: prints "holding" once it has it.
import Libsql from 'libsql';

const [path, holdMs] = process.argv.slice(2);
const db = new Libsql(path, { timeout: 5000 });
db.exec('BEGIN IMMEDIATE');
db.prepare('insert into rate_limits (key, points, expire) values (?, 1, null)').run([`held-by-process-${process.pid}`]);
process.stdout.write('holding\n');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
  process.stdout.write('released\n');
}, Number(holdMs));
