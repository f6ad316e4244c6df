import { describe, expect, it } from 'vitest';
import { formatTime } from './layout.tsx';
import { renderClientDigest } from './client-digest.tsx';
import { expectSelfContained, linksOf } from './email-checks.ts';
import type { ClientDigestData, ClientUpdateItem } from './types.ts';

const projectUrl = 'https://studio.example/portal/projects/p1';
const settingsUrl = 'https://studio.example/portal/settings';
const unsubscribeUrl = 'https://studio.example/api/notifications/unsubscribe?token=a.b&c=1';

const reply: ClientUpdateItem = {
  kind: 'team_message',
  subject: 'First draft',
  message: 'Hi Jamie,\n\nThe first draft is up:\n  1. Home\n  2. Menu\n\nTalk soon',
  sentAt: new Date('2026-11-03T14:05:00Z'),
};
const milestone: ClientUpdateItem = {
  kind: 'milestone_completed',
  title: 'Design approved',
  completedAt: new Date('2026-11-04T10:00:00Z'),
};
const status: ClientUpdateItem = {
  kind: 'project_status',
  from: 'In Progress',
  to: 'Review',
  changedAt: new Date('2026-11-05T16:45:00Z'),
};

function digest(items: ClientUpdateItem[], over: Partial<ClientDigestData> = {}): ClientDigestData {
  return {
    client: { name: 'Jamie Rivera' },
    project: { title: 'Bakery website' },
    items,
    projectUrl,
    unsubscribeUrl,
    settingsUrl,
    timeZone: 'America/New_York',
    ...over,
  };
}

/** The digests show times as formatTime does (its own cases are in layout.test.ts). */
const time = (date: Date) => formatTime(date, 'America/New_York');

describe('renderClientDigest subjects', () => {
  it.each([
    ['a team reply', [reply], 'New reply on Bakery website: First draft'],
    ['a status change', [status], 'Your project moved to Review'],
    ['a milestone', [milestone], 'Milestone completed on Bakery website: Design approved'],
    ['several items', [reply, milestone, status], '3 updates on Bakery website'],
    ['two replies', [reply, reply], '2 updates on Bakery website'],
  ])('for %s', async (_, items, subject) => {
    expect((await renderClientDigest(digest(items))).subject).toBe(subject);
  });
});

describe('renderClientDigest', () => {
  it('greets the client and lists every item in order, with the project link', async () => {
    const { text, html } = await renderClientDigest(digest([reply, milestone, status]));
    const order = [
      'Hi Jamie Rivera,',
      'Bakery website',
      reply.subject,
      `Sent ${time(reply.sentAt)}`,
      reply.message,
      'Milestone completed: Design approved',
      `Completed ${time(milestone.completedAt)}`,
      'Your project moved from In Progress to Review',
      `Changed ${time(status.changedAt)}`,
      `View your project ${projectUrl}`,
    ].map((part) => text.indexOf(part));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('Hi Jamie Rivera,');
    expect(html).toContain('Your project moved from In Progress to Review');
  });

  it('says why the email came, with the settings and unsubscribe links', async () => {
    const { text, html } = await renderClientDigest(digest([status]));
    expect(linksOf(html)).toEqual([
      { href: projectUrl, text: 'View your project' },
      { href: settingsUrl, text: 'Email settings' },
      { href: unsubscribeUrl, text: 'Unsubscribe' },
    ]);
    expect(text).toContain('You get this email because email updates are on for your projects');
    expect(text).toContain(`Email settings ${settingsUrl}`);
    expect(text).toContain(`Unsubscribe ${unsubscribeUrl}`);
    expectSelfContained(html, [projectUrl, settingsUrl, unsubscribeUrl]);
  });

  it('escapes what users typed in the HTML and keeps it as typed in the text', async () => {
    const script = '<script>alert(1)</script>';
    const quoted = '"Tom & Jerry" <b>';
    const items: ClientUpdateItem[] = [
      { ...reply, subject: quoted, message: `${script}\n\n${quoted}` },
      { ...milestone, title: script },
      { ...status, from: quoted, to: script },
    ];
    const email = await renderClientDigest(digest(items, { client: { name: script }, project: { title: quoted } }));
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('&quot;Tom &amp; Jerry&quot; &lt;b&gt;');
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('<b>');
    expect(email.subject).toBe(`3 updates on ${quoted}`);
    expect(email.text).toContain(`Hi ${script},`);
    expect(email.text).toContain(`${script}\n\n${quoted}`);
    expect(email.text).toContain(`Milestone completed: ${script}`);
    expect(email.text).toContain(`Your project moved from ${quoted} to ${script}`);
    expectSelfContained(email.html, [projectUrl, settingsUrl, unsubscribeUrl]);
  });

  it('refuses an empty digest', async () => {
    await expect(renderClientDigest(digest([]))).rejects.toThrow(RangeError);
  });
});
