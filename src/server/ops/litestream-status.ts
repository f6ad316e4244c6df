/**
 * How far Litestream has copied the database (docs/product.md#health,
 * docs/decisions/0039-continuous-backup-with-litestream.md).
 *
 * A position is Litestream 0.3's: a generation (a hex name that changes when Litestream starts
 * over from a new snapshot), the index of a WAL file within it (a new one after each checkpoint)
 * and a byte offset in that file.
 *
 * - What the replica holds: the gauges `litestream_replica_wal_index` and
 *   `litestream_replica_wal_offset` of Litestream's Prometheus metrics.
 * - What Litestream has read from the database: its own folder beside it (litestream-config.ts),
 *   the file `generation` and the shadow WAL files `generations/<generation>/wal/<index as 8 hex
 *   digits>.wal`, each as long as what it has read of that WAL. Files the replica has passed are
 *   deleted by Litestream; those left are what the replica still lacks, in part or in full.
 *
 * No Prometheus parser is installed, so `parseMetrics` reads the text format's sample lines
 * itself (`name{labels} value`, comments skipped).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { litestreamMetaDir } from './litestream-config.ts';

/** A place in Litestream's copy of the WAL. */
export interface Position {
  generation: string;
  index: number;
  /** Bytes into that WAL file. */
  offset: number;
}

/** What Litestream has read from the database, and the sizes of the shadow WAL files it keeps. */
export interface LocalState {
  position: Position;
  /** Bytes of each shadow WAL file still kept, by index. */
  sizes: Map<number, number>;
}

const SAMPLE = /^([A-Za-z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/;

/** The first sample of each metric in Prometheus text `text`, by metric name. */
export function parseMetrics(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line.trim());
    if (match && !values.has(match[1]!)) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

/**
 * The replica's position from Litestream's metrics, in `generation` (the replica follows the
 * database's current generation); null before Litestream has sent anything.
 */
export function replicaPosition(metrics: Map<string, number>, generation: string): Position | null {
  const index = metrics.get('litestream_replica_wal_index');
  const offset = metrics.get('litestream_replica_wal_offset');
  if (index === undefined || offset === undefined) return null;
  return { generation, index, offset };
}

/**
 * What Litestream has read of the database at `databasePath` (see the module comment); null
 * before it has started a generation. Rejects when its folder exists but cannot be read.
 */
export async function localState(databasePath: string): Promise<LocalState | null> {
  const meta = litestreamMetaDir(databasePath);
  let generation: string;
  try {
    generation = (await readFile(join(meta, 'generation'), 'utf8')).trim();
  } catch {
    return null;
  }
  if (!/^[0-9a-f]+$/.test(generation)) return null;
  const folder = join(meta, 'generations', generation, 'wal');
  const sizes = new Map<number, number>();
  let names: string[] = [];
  try {
    names = await readdir(folder);
  } catch {
    return null;
  }
  for (const name of names) {
    const match = /^([0-9a-f]{8})\.wal$/.exec(name);
    if (!match) continue;
    try {
      sizes.set(parseInt(match[1]!, 16), (await stat(join(folder, name))).size);
    } catch {
      // Deleted by Litestream since the listing: the replica has it.
    }
  }
  if (sizes.size === 0) return null;
  const index = Math.max(...sizes.keys());
  return { position: { generation, index, offset: sizes.get(index)! }, sizes };
}

/** Negative, zero or positive as `a` is before, at or after `b` (same generation). */
function compare(a: Position, b: Position): number {
  return a.index - b.index || a.offset - b.offset;
}

/**
 * Bytes Litestream has read from the database and the replica does not hold yet: the rest of
 * the replica's WAL file and every later one kept. The whole of what is kept when the replica is
 * on another generation or has nothing yet.
 */
export function lagBytes(local: LocalState, replica: Position | null): number {
  let bytes = 0;
  for (const [index, size] of local.sizes) {
    if (!replica || replica.generation !== local.position.generation || index > replica.index) bytes += size;
    else if (index === replica.index) bytes += Math.max(0, size - replica.offset);
  }
  return bytes;
}

/**
 * How long the replica has lacked something Litestream read, from samples of both positions
 * (`observe`, every 250 ms). A position first seen ahead of the replica holds data that appeared
 * after the sample before it; that earlier time is kept until the replica reaches the position.
 * `observe` returns the age of the oldest one in seconds (0 when the replica holds everything
 * read): an upper bound of how long that data has waited, at most one sampling interval over. It
 * does not count the wait before Litestream reads a commit from the WAL (at most its
 * `monitor-interval`, 250 ms).
 */
export class LagClock {
  #waiting: { since: number; position: Position }[] = [];
  #previousAt: number | undefined;

  /** Records the sample taken at `nowMs` (epoch milliseconds); returns the lag in seconds. */
  observe(nowMs: number, local: Position, replica: Position | null): number {
    const since = this.#previousAt ?? nowMs;
    this.#previousAt = nowMs;
    const first = this.#waiting[0];
    if (first && first.position.generation !== local.generation) this.#waiting = [];
    const held = (position: Position) =>
      replica !== null && replica.generation === position.generation && compare(position, replica) <= 0;
    this.#waiting = this.#waiting.filter((sample) => !held(sample.position));
    const last = this.#waiting.at(-1);
    if (!held(local) && (!last || compare(local, last.position) > 0)) {
      this.#waiting.push({ since, position: local });
    }
    const oldest = this.#waiting[0];
    return oldest ? (nowMs - oldest.since) / 1000 : 0;
  }
}
