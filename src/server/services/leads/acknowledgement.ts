/**
 * The email a lead gets when email replies are on (docs/product.md#email-replies): `We received
 * your message`, with a reply address whose replies become notes on the lead.
 */
import type { SqlDb } from '../../db/database.ts';
import { queueEmail } from '../email/queue.ts';
import type { RenderedEmail } from '../email/templates/types.ts';
import { createReplyAddress } from '../inbound/reply-tokens.ts';

/** Queues `email` to the lead `lead` with a reply address on `inboundDomain`, in the lead's write `tx`. */
export async function queueLeadAcknowledgement(
  tx: SqlDb,
  lead: { id: string; email: string },
  inboundDomain: string,
  email: RenderedEmail,
): Promise<void> {
  const replyTo = await createReplyAddress(tx, inboundDomain, {
    threadKind: 'lead',
    threadId: lead.id,
    recipientKind: 'lead',
    recipientId: null,
    recipientEmail: lead.email,
  });
  await queueEmail(tx, 'client', [lead.email], email, { 'Reply-To': replyTo });
}
