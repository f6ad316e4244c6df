import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime } from './layout.tsx';
import { expectSelfContained, linksOf } from './email-checks.ts';
import { renderTeamDigest } from './team-digest.tsx';
import type { ClientMessageItem, TeamDigestData } from './types.ts';

const dashboardUrl = 'https://studio.example/admin?tab=messages&client=c1';

function message(over: Partial<ClientMessageItem> = {}): ClientMessageItem {
  return {
    projectId: 'p1',
    projectTitle: 'Bakery website',
    subject: 'Logo colours',
    message: 'Hello,\n\nCould the logo be  darker?\n  - on the header\n  - on the footer\nThanks',
    sentAt: new Date('2026-11-03T14:05:00Z'),
    ...over,
  };
}

function digest(over: Partial<TeamDigestData> = {}): TeamDigestData {
  return {
    client: { name: 'Jamie Rivera', email: 'jamie@example.com', company: 'Rivera Bakery' },
    messages: [message()],
    dashboardUrl,
    timeZone: 'America/New_York',
    ...over,
  };
}

/** The digests show times as formatTime does (its own cases are in layout.test.ts). */
const time = (date: Date) => formatTime(date, 'America/New_York');

describe('renderTeamDigest', () => {
  it('names the client and the subject when there is one message', async () => {
    const email = await renderTeamDigest(digest());
    expect(email.subject).toBe('New message from Jamie Rivera: Logo colours');
  });

  it('counts the messages when there are several', async () => {
    const email = await renderTeamDigest(digest({ messages: [message(), message({ subject: 'Hours' })] }));
    expect(email.subject).toBe('2 new messages from Jamie Rivera');
  });

  it('shows who wrote, then each message with project, subject, time and the message as typed', async () => {
    const first = message();
    const second = message({
      projectTitle: 'Menu page',
      subject: 'Prices',
      message: 'New prices:\n\n\tbread  $4\n\tcake   $20\n',
      sentAt: new Date('2026-11-04T09:30:00Z'),
    });
    const { text, html } = await renderTeamDigest(digest({ messages: [first, second] }));
    for (const part of ['Jamie Rivera', 'Rivera Bakery', 'jamie@example.com']) {
      expect(text).toContain(part);
      expect(html).toContain(part);
    }
    const order = [
      'Project: Bakery website',
      first.subject,
      `Sent ${time(first.sentAt)}`,
      first.message,
      'Project: Menu page',
      second.subject,
      `Sent ${time(second.sentAt)}`,
      second.message,
      `Open the conversation ${dashboardUrl}`,
    ].map((part) => text.indexOf(part));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The HTML breaks the lines where the message does and keeps runs of spaces.
    expect(html).toContain('white-space:pre-wrap');
    expect(html).toContain('<br/>Could the logo be  darker?');
  });

  it('leaves the company out when the client has none', async () => {
    const { text } = await renderTeamDigest(
      digest({ client: { name: 'Ana', email: 'ana@example.com', company: null } }),
    );
    expect(text).not.toContain('Company:');
    expect(text).toContain('Email: ana@example.com');
  });

  it('keeps any message verbatim in the text part', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }), async (typed) => {
        const { text } = await renderTeamDigest(digest({ messages: [message({ message: typed })] }));
        expect(text).toContain(typed.replace(/\r\n?/g, '\n'));
      }),
      { numRuns: 100 },
    );
  });

  it('links to the conversation and loads nothing from anywhere', async () => {
    const { html } = await renderTeamDigest(digest());
    expect(linksOf(html)).toEqual([{ href: dashboardUrl, text: 'Open the conversation' }]);
    expectSelfContained(html, [dashboardUrl]);
  });

  it('escapes what users typed in the HTML and keeps it as typed in the text', async () => {
    const script = '<script>alert(1)</script>';
    const quoted = '"Tom & Jerry" <b>';
    const email = await renderTeamDigest(
      digest({
        client: { name: script, email: 'x@example.com', company: quoted },
        messages: [message({ projectTitle: quoted, subject: script, message: `${script}\n${quoted}` })],
      }),
    );
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('&quot;Tom &amp; Jerry&quot; &lt;b&gt;');
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('<b>');
    expect(email.subject).toBe(`New message from ${script}: ${script}`);
    expect(email.text).toContain(`Client: ${script}`);
    expect(email.text).toContain(`Company: ${quoted}`);
    expect(email.text).toContain(`${script}\n${quoted}`);
  });

  it('keeps the subject on one line', async () => {
    const email = await renderTeamDigest(digest({ messages: [message({ subject: 'Two\r\nlines' })] }));
    expect(email.subject).toBe('New message from Jamie Rivera: Two lines');
  });

  it('refuses an empty digest', async () => {
    await expect(renderTeamDigest(digest({ messages: [] }))).rejects.toThrow(RangeError);
  });
});
