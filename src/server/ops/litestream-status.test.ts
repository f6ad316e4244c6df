import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { litestreamConfig } from './litestream-config.ts';
import { LagClock, lagBytes, localState, parseMetrics, replicaPosition } from './litestream-status.ts';

/** Metrics as Litestream 0.3.13 serves them (trimmed). */
const METRICS = `# HELP litestream_db_size The current size of the real DB
# TYPE litestream_db_size gauge
litestream_db_size{db="/srv/app.db"} 16384
litestream_replica_wal_bytes{db="/srv/app.db",name="file"} 325512
litestream_replica_wal_index{db="/srv/app.db",name="file"} 2
litestream_replica_wal_offset{db="/srv/app.db",name="file"} 4152
litestream_shadow_wal_index{db="/srv/app.db"} 3
go_gc_duration_seconds{quantile="0"} 2.1e-05
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Litestream metrics', () => {
  it('reads the first sample of each metric and the replica position from it', () => {
    const metrics = parseMetrics(METRICS);
    expect(metrics.get('litestream_db_size')).toBe(16384);
    expect(metrics.get('go_gc_duration_seconds')).toBe(0.000021);
    expect(metrics.has('litestream_missing')).toBe(false);
    expect(replicaPosition(metrics, 'abc123')).toEqual({ generation: 'abc123', index: 2, offset: 4152 });
    // Before Litestream has sent anything, the replica gauges are absent.
    expect(replicaPosition(parseMetrics('litestream_db_size{db="/x"} 1\n'), 'abc123')).toBeNull();
  });
});

describe('what Litestream has read (its folder beside the database)', () => {
  it('is the newest shadow WAL file of the current generation, with every file kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'litestream-status-'));
    dirs.push(dir);
    const database = join(dir, 'app.db');
    expect(await localState(database)).toBeNull();
    const wal = join(dir, '.app.db-litestream', 'generations', '53cc149c4743f111', 'wal');
    mkdirSync(wal, { recursive: true });
    writeFileSync(join(dir, '.app.db-litestream', 'generation'), '53cc149c4743f111');
    writeFileSync(join(wal, '00000002.wal'), Buffer.alloc(8272));
    writeFileSync(join(wal, '0000000a.wal'), Buffer.alloc(4152));
    writeFileSync(join(wal, 'notes.txt'), 'not a WAL file');
    const local = await localState(database);
    expect(local?.position).toEqual({ generation: '53cc149c4743f111', index: 10, offset: 4152 });
    expect([...local!.sizes].sort(([a], [b]) => a - b)).toEqual([
      [2, 8272],
      [10, 4152],
    ]);
  });
});

describe('the lag', () => {
  const sizes = new Map([
    [2, 8272],
    [3, 1000],
  ]);
  const local = { position: { generation: 'g', index: 3, offset: 1000 }, sizes };

  it('counts in bytes the rest of the replica’s WAL file and every later file', () => {
    expect(lagBytes(local, { generation: 'g', index: 2, offset: 4152 })).toBe(8272 - 4152 + 1000);
    expect(lagBytes(local, { generation: 'g', index: 3, offset: 1000 })).toBe(0);
    // Nothing sent yet, or a replica still on the previous generation: everything kept.
    expect(lagBytes(local, null)).toBe(9272);
    expect(lagBytes(local, { generation: 'old', index: 9, offset: 99 })).toBe(9272);
  });

  it('ages in seconds from the last sample before Litestream was seen ahead of the replica', () => {
    const clock = new LagClock();
    const at = (index: number, offset: number) => ({ generation: 'g', index, offset });
    expect(clock.observe(1000, at(0, 100), at(0, 100))).toBe(0);
    // Seen ahead at t = 2 s: what the replica lacks appeared after the sample of t = 1 s.
    expect(clock.observe(2000, at(0, 200), at(0, 100))).toBe(1);
    expect(clock.observe(2500, at(0, 300), at(0, 100))).toBe(1.5);
    expect(clock.observe(3000, at(1, 32), at(0, 100))).toBe(2);
    // The replica reaches what was seen at 2 s: the oldest left appeared after 2 s.
    expect(clock.observe(3500, at(1, 32), at(0, 200))).toBe(1.5);
    expect(clock.observe(4000, at(1, 32), at(0, 300))).toBe(1.5);
    expect(clock.observe(4500, at(1, 64), at(1, 64))).toBe(0);
    // A new generation starts the count again.
    expect(clock.observe(5000, { generation: 'h', index: 0, offset: 32 }, null)).toBe(0.5);
    expect(clock.observe(6000, { generation: 'h', index: 0, offset: 32 }, null)).toBe(1.5);
  });
});

describe('the configuration written for Litestream', () => {
  it('names the database, the replica and the metrics address, with no secret', () => {
    const folder = parse(
      litestreamConfig({
        databasePath: '/srv/app.db',
        replica: { kind: 'file', url: 'backup', dir: '/mnt/backup' },
        metricsAddress: '127.0.0.1:9123',
      }),
    );
    expect(folder).toEqual({
      addr: '127.0.0.1:9123',
      logging: { level: 'warn', type: 'json', stderr: true },
      dbs: [
        {
          path: '/srv/app.db',
          'monitor-interval': '250ms',
          replicas: [{ type: 'file', path: '/mnt/backup', 'sync-interval': '250ms' }],
        },
      ],
    });
    const s3 = parse(
      litestreamConfig({
        databasePath: '/srv/app.db',
        replica: { kind: 's3', url: 's3://b/p', bucket: 'b', path: 'p', endpoint: 'http://minio:9000' },
      }),
    );
    expect(s3.addr).toBeUndefined();
    expect(s3.dbs[0].replicas).toEqual([
      { type: 's3', bucket: 'b', path: 'p', endpoint: 'http://minio:9000', 'sync-interval': '1s' },
    ]);
  });
});
