import { describe, expect, it } from 'vitest';
import { capturedLogLines } from '../../../tests/setup/console.ts';
import { watchReplication } from './replica-catch-up.ts';

const PIPELINE = 'http://db.example:8080/v2/pipeline';

/** A Hrana v2 answer to one `execute` and a `close`, at replication index `index`. */
const answer = (index: string) =>
  new Response(
    JSON.stringify({
      baton: null,
      base_url: null,
      results: [
        { type: 'ok', response: { type: 'execute', result: { cols: [], rows: [], replication_index: index } } },
        { type: 'ok', response: { type: 'close' } },
      ],
    }),
    { headers: { 'content-type': 'application/json' } },
  );

const clientRequest = () =>
  new Request(PIPELINE, { method: 'POST', headers: { authorization: 'Bearer t0ken' }, body: '{}' });

describe('watchReplication', () => {
  it('passes answers on unchanged and asks the node for the highest index seen, with the same credentials', async () => {
    const sent: Request[] = [];
    const watch = watchReplication(1000, async (request) => {
      sent.push(request);
      return answer(sent.length === 1 ? '41' : '42');
    });
    const response = await watch.fetch(clientRequest());
    expect(((await response.json()) as { results: unknown[] }).results).toHaveLength(2);

    await watch.caughtUp();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.url).toBe(PIPELINE);
    expect(sent[1]!.headers.get('authorization')).toBe('Bearer t0ken');
    const body = (await sent[1]!.json()) as { requests: { stmt?: { sql: string; replication_index: string } }[] };
    expect(body.requests[0]!.stmt).toMatchObject({ sql: 'SELECT 1', replication_index: '41' });

    // Nothing newer seen since the node answered: no second question.
    await watch.caughtUp();
    expect(sent).toHaveLength(2);
  });

  it('asks nothing before the client has spoken, and ignores strings that only look like an index', async () => {
    const sent: Request[] = [];
    const watch = watchReplication(1000, async (request) => {
      sent.push(request);
      return new Response(JSON.stringify({ rows: [[{ type: 'text', value: '"replication_index":"99"' }]] }));
    });
    await watch.caughtUp();
    await watch.fetch(clientRequest());
    await watch.caughtUp();
    expect(sent).toHaveLength(1);
  });

  it('gives up after its wait with a warning when the node does not catch up, and never throws', async () => {
    const watch = watchReplication(50, async (request) => {
      if ((await request.clone().text()) === '{}') return answer('7');
      // The probe: a node that never reaches the index (cut off from its primary).
      return new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    });
    await watch.fetch(clientRequest());
    await expect(watch.caughtUp()).resolves.toBeUndefined();
    expect(capturedLogLines()).toContainEqual(
      expect.objectContaining({ level: 40, replicationIndex: '7', msg: expect.stringContaining('did not catch up') }),
    );
  });
});
