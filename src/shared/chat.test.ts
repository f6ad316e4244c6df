import { describe, expect, it } from 'vitest';
import { chatReach, VISITOR_HERE_MS } from './chat.ts';

describe('chatReach', () => {
  const now = Date.parse('2026-11-27T15:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('is "here" while the panel reported within VISITOR_HERE_MS, whatever the email', () => {
    expect(chatReach({ email: null, visitorReadAt: at(0) }, now)).toBe('here');
    expect(chatReach({ email: 'a@example.com', visitorReadAt: at(VISITOR_HERE_MS - 1) }, now)).toBe('here');
  });

  it('is "email" once the visitor has gone, with an address', () => {
    expect(chatReach({ email: 'a@example.com', visitorReadAt: at(VISITOR_HERE_MS) }, now)).toBe('email');
    expect(chatReach({ email: 'a@example.com', visitorReadAt: null }, now)).toBe('email');
  });

  it('is "none" with neither a recent report nor an address', () => {
    expect(chatReach({ email: null, visitorReadAt: null }, now)).toBe('none');
    expect(chatReach({ email: null, visitorReadAt: new Date(now - VISITOR_HERE_MS) }, now)).toBe('none');
  });
});
