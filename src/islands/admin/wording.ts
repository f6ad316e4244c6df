/**
 * The dashboard's derived words and links, kept free of React so they are tested alone: what a
 * delete takes with it ('and its 3 projects'), the reply subject, the prefilled reply email to a
 * lead, the unread rule (docs/product.md#dashboard), and who wrote a client's message.
 */
import type { AdminClient, AdminCommunication, AdminLead, AdminProject } from './queries.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Who wrote a client's message, as staff see them (docs/product.md#client-teams): the author's
 * name the server sends, already 'Dana Reyes (Acme Bakery)'; for a message without one, the
 * client's name, else `fallback`.
 */
export function messageAuthor(
  message: { author?: { name: string } | null; client?: { name: string } | null },
  fallback = 'Client',
): string {
  return message.author?.name || message.client?.name || fallback;
}

/** Unread means not read and from the client. */
export const isUnread = (m: Pick<AdminCommunication, 'isRead' | 'fromClient'>) => !m.isRead && m.fromClient;

/** What a client delete takes: 'Acme and its 3 projects will be deleted, with every milestone…'. */
export function clientDeleteSummary(client: Pick<AdminClient, 'name' | 'projectCount'>): string {
  if (client.projectCount === 0) return `${client.name} will be deleted. They have no projects.`;
  const those = client.projectCount === 1 ? 'that project' : 'those projects';
  return `${client.name} and its ${count(client.projectCount, 'project', 'projects')} will be deleted, with every milestone and message of ${those}. This cannot be undone.`;
}

/** What a project delete takes: 'Shop and its 4 milestones and 3 messages will be deleted…'. */
export function projectDeleteSummary(project: Pick<AdminProject, 'title' | 'milestoneCount' | 'messageCount'>) {
  const parts = [
    project.milestoneCount > 0 ? count(project.milestoneCount, 'milestone', 'milestones') : null,
    project.messageCount > 0 ? count(project.messageCount, 'message', 'messages') : null,
  ].filter(Boolean);
  const extra = parts.length > 0 ? ` and its ${parts.join(' and ')}` : '';
  return `${project.title}${extra} will be deleted, for the client too. This cannot be undone.`;
}

/** 'Question' → 'Re: Question'; an existing 'Re:' is not doubled. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** A mailto: reply to a lead with a 'Re: …' subject and a greeting that quotes the message. */
export function replyMailto(lead: Pick<AdminLead, 'name' | 'email' | 'subject' | 'message'>): string {
  const subject = replySubject(lead.subject?.trim() || 'Your message to First State Web Studio');
  const quoted = lead.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Hi ${lead.name},\n\nThank you for getting in touch. You wrote:\n\n${quoted}\n\n`;
  return `mailto:${encodeURIComponent(lead.email ?? '')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
