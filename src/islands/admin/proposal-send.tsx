/**
 * Sending a proposal (docs/product.md#proposals): the confirmation `Send this proposal?` (`{name}
 * will be emailed a link to review and sign it. Once sent, it cannot be changed: a change is a
 * new version.`), then POST /api/admin/proposals/{id}/send and the toast `Proposal sent` /
 * `{title} was emailed to {name}.`. A refusal (nobody to sign, a day already past, an inactive
 * client) is said in the dialog, which stays open. Opened by its trigger, or by the editor once
 * the draft is saved.
 */
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { useSendProposal } from './mutations.ts';
import { recipientName } from './proposal-parts.tsx';

/** The draft to send: its id, and the name of whom it is for ('Acme Bakery', a lead's name). */
export interface SendTarget {
  id: string;
  name: string;
}

/** The confirmation and the send; see the module comment. `onSent` runs after the toast. */
export function SendProposalDialog({
  target,
  trigger,
  open,
  onOpenChange,
  onSent,
}: {
  target: SendTarget | null;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSent?: (id: string) => void;
}) {
  const send = useSendProposal();
  return (
    <ConfirmAction
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title="Send this proposal?"
      description={
        <p>
          {target?.name} will be emailed a link to review and sign it. Once sent, it cannot be changed: a change is a
          new version.
        </p>
      }
      confirmLabel="Send proposal"
      confirmIcon={<Send aria-hidden="true" className="size-4" />}
      pendingLabel="Sending..."
      onConfirm={async () => {
        if (!target) return;
        const sent = await send.mutateAsync(target.id);
        toast({
          title: 'Proposal sent',
          description: `${sent.title} was emailed to ${recipientName(sent.recipient)}.`,
        });
        onSent?.(target.id);
      }}
    />
  );
}
