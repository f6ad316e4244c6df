// A second process that takes the database's write lock (BEGIN IMMEDIATE) and holds it for
// HOLD_MS, as a CLI script, a backup or another server would: prints "holding" once it has it.
// HOLD_MS `stdin` holds it until a line (or the end) arrives on standard input: a barrier a test
// releases when what it waits for has happened.
import Libsql from 'libsql';

const [path, holdMs] = process.argv.slice(2);
if (!path) throw new Error('Usage: hold-write-lock.mjs <database file> <ms or stdin>: an embedded file only');
const db = new Libsql(path, { timeout: 5000 });
db.exec('BEGIN IMMEDIATE');
db.prepare('insert into rate_limits (key, points, expire) values (?, 1, null)').run([`held-by-process-${process.pid}`]);
process.stdout.write('holding\n');
const release = () => {
  db.exec('COMMIT');
  db.close();
  process.stdout.write('released\n');
};
if (holdMs === 'stdin') {
  process.stdin.once('data', release);
  process.stdin.once('end', () => db.open && release());
} else {
  setTimeout(release, Number(holdMs));
}
