import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../../tests/setup/console.ts';
import { createInProcessBus, type LiveEvent } from './bus.ts';

const read: LiveEvent = { type: 'message-read', projectId: 'p', clientId: 'c' };
const updated: LiveEvent = { type: 'project-updated', projectId: 'p', clientId: 'c' };

describe('createInProcessBus', () => {
  it('calls every listener in turn, even after one throws, and logs the failure', () => {
    const errors = expectConsoleErrors();
    const bus = createInProcessBus();
    const seen: string[] = [];
    bus.subscribe((e) => seen.push(`a:${e.type}`));
    bus.subscribe(() => {
      throw new Error('broken listener');
    });
    bus.subscribe((e) => seen.push(`b:${e.type}`));
    bus.publish(read);
    expect(seen).toEqual(['a:message-read', 'b:message-read']);
    expect(errors).toHaveLength(1);
  });

  it('stops calling a listener that unsubscribed, and counts the others', () => {
    const bus = createInProcessBus();
    const seen: string[] = [];
    const stop = bus.subscribe((e) => seen.push(`a:${e.type}`));
    bus.subscribe((e) => seen.push(`b:${e.type}`));
    expect(bus.listenerCount).toBe(2);
    stop();
    stop();
    bus.publish(updated);
    expect(seen).toEqual(['b:project-updated']);
    expect(bus.listenerCount).toBe(1);
  });

  it('calls a function subscribed twice twice, and a listener may unsubscribe while it is called', () => {
    const bus = createInProcessBus();
    let calls = 0;
    const listener = () => void calls++;
    bus.subscribe(listener);
    const stop = bus.subscribe(() => stop());
    bus.subscribe(listener);
    bus.publish(read);
    bus.publish(read);
    expect(calls).toBe(4);
    expect(bus.listenerCount).toBe(2);
  });
});
