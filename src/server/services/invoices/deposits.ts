/**
 * What a signature starts in billing (docs/product.md#invoices), in the signature's own write: the
 * deposit's invoice, issued at once (numbered, emailed to the paying members), and the plan of the
 * monthly lines taken, billed by invoice from the project's start day (today). The unique index
 * on a proposal's deposit invoice means one signature makes one deposit invoice.
 */
import { invoices } from '../../../../db/schema/index.ts';
import type { SignedDocument } from '../../../shared/proposals.ts';
import type { SqlDb } from '../../db/database.ts';
import { todayIn } from '../proposals/validity.ts';
import { linesAndTotals } from './invoice-rows.ts';
import { issueInTx, type IssueEnv } from './issuing.ts';
import type { Actor } from '../admin-events.ts';
import { startProposalPlan } from './plans.ts';

/** The proposal signed, and the project it started. */
interface Signed {
  clientId: string;
  projectId: string;
  proposalId: string;
  title: string;
}

/**
 * Issues, as `actor` (the signer), the deposit's invoice of `signed` and starts the plan of its monthly lines, in `tx`
 * (see the module comment). Resolves with the deposit invoice's id, or null when there is no deposit.
 * Tax is not added: the deposit is the share of the signed total, which already is the price.
 */
export async function startBilling(
  tx: SqlDb,
  actor: Actor,
  proposal: Signed,
  signed: SignedDocument,
  env: IssueEnv,
  now: Date,
) {
  const chosen = new Set(signed.chosenOptionalItems);
  const monthly = signed.proposal.items
    .filter((item, index) => item.recurring === 'monthly' && (!item.optional || chosen.has(index)))
    .map((item) => ({ description: item.description, quantity: item.quantity, unitPriceCents: item.unitPriceCents }));
  await startProposalPlan(
    tx,
    {
      clientId: proposal.clientId,
      projectId: proposal.projectId,
      proposalId: proposal.proposalId,
      items: monthly,
      startOn: todayIn(env.SITE_TIME_ZONE, now),
    },
    now,
  );
  const deposit = signed.totals.depositCents;
  if (deposit <= 0) return null;
  const percent = signed.proposal.depositPercent;
  const [draft] = await tx
    .insert(invoices)
    .values({
      clientId: proposal.clientId,
      projectId: proposal.projectId,
      proposalId: proposal.proposalId,
      source: 'deposit',
      ...linesAndTotals(
        [{ description: `Deposit (${percent}%) for ${proposal.title}`, quantity: 1, unitPriceCents: deposit }],
        0,
      ),
      notes: `The deposit of the signed proposal ${proposal.title}: work starts when it is paid.`,
      createdByName: 'Proposal signature',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const issued = await issueInTx(tx, actor, draft!, env, now);
  return issued.id;
}
