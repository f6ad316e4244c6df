import { describe, expect, it } from 'vitest';
import { listen, type VisitorStreamEvent } from './live-events.ts';

/** A stand-in for the browser's EventSource: an event target that the test sends events to. */
function fakeSource() {
  const target = new EventTarget();
  const send = (type: string, data: string, lastEventId = '') =>
    target.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  return { source: target as EventSource, send };
}

describe('listen (docs/product.md#live-updates)', () => {
  it('hands each event of its type back whole, `{type, ...data}`, with its id', () => {
    const { source, send } = fakeSource();
    const seen: [VisitorStreamEvent, string][] = [];
    const on = listen<VisitorStreamEvent>(source);
    on('chat-read', (event, id) => seen.push([event, id]));
    on('reset', (event, id) => seen.push([event, id]));
    send('chat-read', '{"conversationId":"c-1","staffReadAt":"2026-01-02T03:04:05.000Z"}', '41');
    send('chat-updated', '{"conversationId":"c-1","status":"closed"}', '42');
    send('reset', '{}', '43');
    expect(seen).toEqual([
      [{ type: 'chat-read', conversationId: 'c-1', staffReadAt: '2026-01-02T03:04:05.000Z' }, '41'],
      [{ type: 'reset' }, '43'],
    ]);
  });
});
