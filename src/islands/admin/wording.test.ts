import { describe, expect, it } from 'vitest';
import {
  clientDeleteSummary,
  isUnread,
  messageAuthor,
  projectDeleteSummary,
  replyMailto,
  replySubject,
} from './wording.ts';

describe('what a delete takes with it', () => {
  it('names the projects that go with a client', () => {
    expect(clientDeleteSummary({ name: 'Acme Bakery', projectCount: 3 })).toMatch(
      /^Acme Bakery and its 3 projects will be deleted/,
    );
    expect(clientDeleteSummary({ name: 'Acme Bakery', projectCount: 1 })).toMatch(
      /its 1 project will be deleted, with every milestone and message of that project/,
    );
    expect(clientDeleteSummary({ name: 'Solo', projectCount: 0 })).toBe('Solo will be deleted. They have no projects.');
  });

  it('names the milestones and messages that go with a project', () => {
    expect(projectDeleteSummary({ title: 'Shop', milestoneCount: 4, messageCount: 1 })).toMatch(
      /^Shop and its 4 milestones and 1 message will be deleted/,
    );
    expect(projectDeleteSummary({ title: 'Shop', milestoneCount: 0, messageCount: 0 })).toMatch(
      /^Shop will be deleted/,
    );
  });
});

describe('replies', () => {
  it('prefixes Re: once', () => {
    expect(replySubject('Question')).toBe('Re: Question');
    expect(replySubject('RE: Question')).toBe('RE: Question');
  });

  it('prefills a reply email to a lead that greets them and quotes every line', () => {
    const href = replyMailto({
      name: 'Ann',
      email: 'ann+shop@example.com',
      subject: null,
      message: 'Line one\nLine & two',
    });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ann+shop@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: Your message to First State Web Studio');
    expect(url.searchParams.get('body')).toBe(
      'Hi Ann,\n\nThank you for getting in touch. You wrote:\n\n> Line one\n> Line & two\n\n',
    );
  });
});

describe('unread (docs/product.md#dashboard)', () => {
  it('is a client message not yet read', () => {
    expect(isUnread({ isRead: false, fromClient: true })).toBe(true);
    expect(isUnread({ isRead: false, fromClient: false })).toBe(false);
    expect(isUnread({ isRead: true, fromClient: true })).toBe(false);
  });
});

describe('who wrote a client message (docs/product.md#client-teams)', () => {
  it('names the person as the server labels them, not the client', () => {
    const message = { author: { name: 'Dana Reyes (Acme Bakery)' }, client: { name: 'Acme Bakery' } };
    expect(messageAuthor(message)).toBe('Dana Reyes (Acme Bakery)');
  });

  it('falls back to the client, then to the given word, for a message without an author', () => {
    expect(messageAuthor({ client: { name: 'Acme Bakery' } })).toBe('Acme Bakery');
    expect(messageAuthor({ author: null, client: null })).toBe('Client');
    expect(messageAuthor({}, 'The client')).toBe('The client');
  });
});
