/**
 * What staff can do with a proposal on its page (docs/product.md#proposals), each button saying
 * what it does and naming the proposal: a draft → `Edit`, `Send` (asks first), `Delete draft`
 * (the delete-confirmation pattern, `Delete this draft?`); one waiting for an answer → `Withdraw`
 * (asks first: `Withdraw this proposal?`); the newest version of one that was sent and not signed →
 * `Make a new version` (a draft copy to change and send again, opened in the editor); any →
 * `Duplicate` (a new proposal of its own, opened in the editor).
 */
import { Copy, FilePlus2, Pencil, Send, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { useSinglePress } from '../lib/use-submit.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { useDeleteProposal, useDuplicateProposal, useReviseProposal, useWithdrawProposal } from './mutations.ts';
import { recipientName } from './proposal-parts.tsx';
import { SendProposalDialog } from './proposal-send.tsx';
import type { AdminProposalDetail } from './queries.ts';
import { navigate } from './route.ts';

const ACTION = 'btn-secondary';

/** `Delete draft` for draft `id` titled `title`; once deleted, back to the list. */
export function DeleteDraft({ id, title }: { id: string; title: string }) {
  const remove = useDeleteProposal(id, () => {
    toast({ title: 'Draft deleted', description: title });
    navigate('proposals');
  });
  return (
    <ConfirmDelete
      label={`Delete draft ${title}`}
      title="Delete this draft?"
      description={`${title} will be deleted. It was never sent, so nobody outside the team has seen it. This cannot be undone.`}
      confirmLabel="Delete draft"
      failureTitle="Could not delete the draft"
      mutation={remove}
    />
  );
}

/** `Withdraw`, which asks first. */
function Withdraw({ proposal }: { proposal: AdminProposalDetail }) {
  const withdraw = useWithdrawProposal(proposal.id);
  return (
    <ConfirmAction
      trigger={
        <button type="button" className={ACTION}>
          <Undo2 aria-hidden="true" className="size-4" /> Withdraw<span className="sr-only"> {proposal.title}</span>
        </button>
      }
      title="Withdraw this proposal?"
      description={<p>{recipientName(proposal.recipient)} will no longer be able to sign it.</p>}
      confirmLabel="Withdraw proposal"
      pendingLabel="Withdrawing..."
      tone="danger"
      onConfirm={async () => {
        await withdraw.mutateAsync();
        toast({ title: 'Proposal withdrawn', description: proposal.title });
      }}
    />
  );
}

/** A button that makes a new draft from the proposal and opens it in the editor. */
function CopyButton({
  mutation,
  text,
  icon: Icon,
  title,
  done,
  failure,
}: {
  mutation: ReturnType<typeof useReviseProposal>;
  text: string;
  icon: typeof Copy;
  title: string;
  done: (version: number) => { title: string; description: string };
  failure: string;
}) {
  const once = useSinglePress(mutation);
  return (
    <button
      type="button"
      className={ACTION}
      aria-disabled={once.pending || undefined}
      onClick={() =>
        once.press(undefined, {
          onSuccess: (draft) => {
            toast(done(draft.version));
            navigate(`proposals/${encodeURIComponent(draft.id)}`, 'push');
          },
          onError: (error) =>
            toast({ title: failure, description: messageOf(error, 'Please try again.'), variant: 'destructive' }),
        })
      }
    >
      <Icon aria-hidden="true" className="size-4" /> {once.pending ? 'Saving...' : text}
      <span className="sr-only"> of {title}</span>
    </button>
  );
}

/** The buttons of `proposal`'s page, by its status. */
export function ProposalActions({ proposal }: { proposal: AdminProposalDetail }) {
  const revise = useReviseProposal(proposal.id);
  const duplicate = useDuplicateProposal(proposal.id);
  const latest = proposal.versions[0]?.id === proposal.id;
  const open = proposal.status === 'sent' || proposal.status === 'viewed';
  const revisable = proposal.status !== 'draft' && proposal.status !== 'accepted' && latest;
  // Sending or withdrawing takes its own button away, and focus with it: focus goes to the heading.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body) document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [proposal.status]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {proposal.status === 'draft' && (
        <>
          <button
            type="button"
            className="btn-primary"
            onClick={() => navigate(`proposals/${encodeURIComponent(proposal.id)}`, 'push')}
          >
            <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {proposal.title}</span>
          </button>
          <SendProposalDialog
            target={{ id: proposal.id, name: recipientName(proposal.recipient) }}
            trigger={
              <button type="button" className={ACTION}>
                <Send aria-hidden="true" className="size-4" /> Send<span className="sr-only"> {proposal.title}</span>
              </button>
            }
          />
          <DeleteDraft id={proposal.id} title={proposal.title} />
        </>
      )}
      {open && <Withdraw proposal={proposal} />}
      {revisable && (
        <CopyButton
          mutation={revise}
          text="Make a new version"
          icon={FilePlus2}
          title={proposal.title}
          done={(version) => ({ title: `Version ${version} started`, description: 'Change it, then send it again.' })}
          failure="Could not make a new version"
        />
      )}
      <CopyButton
        mutation={duplicate}
        text="Duplicate"
        icon={Copy}
        title={proposal.title}
        done={() => ({ title: 'Proposal duplicated', description: 'The copy is a new draft.' })}
        failure="Could not duplicate the proposal"
      />
    </div>
  );
}
