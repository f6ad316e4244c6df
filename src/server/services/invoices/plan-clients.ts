/**
 * The plan bought online becomes a client (docs/product.md#payments), in the write of the Stripe
 * event that says so: the paid Checkout (`checkout.session.completed`) or the subscription's first
 * paid invoice (`invoice.paid`), whichever arrives first (Stripe does not promise their order).
 * The subscription's id is unique, so the second one finds the plan the first made.
 *
 * A buyer whose email is already a member's joins that member's client; anyone else becomes a new
 * client whose owner is invited by email to set a password. Either way the client gets the project
 * "One-page website" with the plan's milestones and the plan itself, committed for 12 months.
 */
import { eq } from 'drizzle-orm';
import { clientMembers, milestones, projects, subscriptions } from '../../../../db/schema/index.ts';
import { PLAN_BILLING } from '../../../shared/invoices.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { insertClient } from '../clients/clients.ts';
import { queueEmail } from '../email/queue.ts';
import { renderBillingTeamNote, renderPlanWelcome } from '../email/templates/invoices.tsx';
import { createInvitationLink } from '../sign-in/invitations.ts';
import { INVITATION_TTL_MS } from '../sign-in/password-resets.ts';
import { formatDay, todayIn } from '../proposals/validity.ts';
import { commitmentEnd } from './plans.ts';
import type { BillingEmailEnv } from './recipients.ts';

/** Who bought the plan, from the Checkout's metadata (what /pricing asked) or Stripe's customer details. */
export interface PlanBuyer {
  subscriptionId: string;
  customerId: string | null;
  name: string;
  email: string;
  company: string | null;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Stripe, as the actor of what its events record. */
export const STRIPE_ACTOR: Actor = { id: 'stripe', username: 'Stripe', displayName: 'Stripe' };

/** The project of the plan, with its milestones, for client `clientId`, in `tx`. Returns its id. */
async function planProject(tx: SqlDb, clientId: string, startOn: string, now: Date): Promise<string> {
  const projectId = crypto.randomUUID();
  await tx.insert(projects).values({
    id: projectId,
    clientId,
    title: PLAN_BILLING.projectTitle,
    description: 'The $99/month website plan: domain, hosting, unlimited revisions, email addresses and SEO.',
    startDate: startOn,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(milestones).values(
    PLAN_BILLING.milestones.map((title, index) => ({
      projectId,
      title,
      orderIndex: index + 1,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return projectId;
}

/**
 * The plan of `buyer`'s subscription in `tx`: the one already made, or a new client (or the
 * buyer's existing one), project and plan (see the module comment), with the owner's invitation
 * and the team's email (to `teamTo`).
 */
export async function ensurePlanClient(
  tx: SqlDb,
  buyer: PlanBuyer,
  teamTo: string[],
  env: BillingEmailEnv,
  now: Date,
): Promise<SubscriptionRow> {
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, buyer.subscriptionId));
  if (existing) return existing;
  const today = todayIn(env.SITE_TIME_ZONE, now);
  const email = buyer.email.trim().toLowerCase();
  const [member] = await tx.select().from(clientMembers).where(eq(clientMembers.email, email));
  let clientId: string;
  let invitee: { id: string; name: string } | null = null;
  if (member) {
    clientId = member.clientId;
  } else {
    const client = await insertClient(tx, { name: buyer.name, email, company: buyer.company, passwordHash: null });
    clientId = client.id;
    invitee = { id: client.owner.id, name: client.owner.name };
    await recordAdminEvent(
      tx,
      STRIPE_ACTOR,
      'create',
      'client',
      client.id,
      `${buyer.name} bought the monthly plan online`,
    );
  }
  const projectId = await planProject(tx, clientId, today, now);
  const commitmentEndsOn = commitmentEnd(today);
  const [plan] = await tx
    .insert(subscriptions)
    .values({
      clientId,
      projectId,
      provider: 'stripe',
      monthlyCents: PLAN_BILLING.monthlyCents,
      items: [{ description: 'Website plan (monthly)', quantity: 1, unitPriceCents: PLAN_BILLING.monthlyCents }],
      startedOn: today,
      commitmentEndsOn,
      stripeSubscriptionId: buyer.subscriptionId,
      stripeCustomerId: buyer.customerId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordAdminEvent(
    tx,
    STRIPE_ACTOR,
    'create',
    'subscription',
    plan!.id,
    `Started the monthly plan for ${buyer.company ?? buyer.name}`,
  );
  if (invitee) {
    const link = await createInvitationLink(
      tx,
      invitee.id,
      env.SITE_URL,
      now,
      INVITATION_TTL_MS,
      `/portal/projects/${projectId}`,
    );
    await queueEmail(
      tx,
      'client',
      [email],
      await renderPlanWelcome({ name: invitee.name, commitmentEndsOn: formatDay(commitmentEndsOn), link }),
    );
  }
  if (teamTo.length > 0) {
    const rendered = await renderBillingTeamNote({
      subject: `New plan: ${buyer.company ?? buyer.name}`,
      lines: [
        `${buyer.name}${buyer.company ? ` (${buyer.company})` : ''} bought the $99/month plan online. The client, its project "${PLAN_BILLING.projectTitle}" and the plan are in the dashboard.`,
      ],
      link: new URL(`/admin#client/${clientId}`, env.SITE_URL).href,
    });
    await queueEmail(tx, 'team', teamTo, rendered);
  }
  return plan!;
}
