/**
 * The demo client's proposal (docs/product.md#proposals), for `npm run db:seed`: a sent proposal
 * waiting for the owner's signature, made from the One-Page Design template's facts, valid 30 days
 * from the day it is seeded. Added once: a demo client that has a proposal gets nothing more.
 * Nothing is emailed (the demo sign-in is printed instead).
 */
import { eq } from 'drizzle-orm';
import { proposals } from './schema/index.ts';
import type { Database } from '../src/server/db/database.ts';
import type { Env } from '../src/server/env/index.ts';
import { findMemberByEmail } from '../src/server/services/clients/members.ts';
import { offeredDocument } from '../src/server/services/proposals/documents.ts';
import { recordCurrentTerms } from '../src/server/services/proposals/terms.ts';
import { daysFromToday } from '../src/server/services/proposals/validity.ts';
import { proposalTotals, type ProposalItem } from '../src/shared/proposals.ts';
import { businessName } from '../src/shared/team.ts';

const ITEMS: ProposalItem[] = [
  {
    description: 'Catering page: menu, prices and a request form',
    quantity: 1,
    unitPriceCents: 45_000,
    recurring: null,
    optional: false,
  },
  {
    description: 'Photography of twelve cakes for the menu',
    quantity: 12,
    unitPriceCents: 2_500,
    recurring: null,
    optional: false,
  },
  { description: 'Gift card sales', quantity: 1, unitPriceCents: 30_000, recurring: null, optional: true },
  { description: 'Seasonal menu updates', quantity: 1, unitPriceCents: 4_900, recurring: 'monthly', optional: true },
];

const INTRO = [
  '## Catering, online',
  '',
  'Your catering orders come in by phone today. This adds a **catering page** to the new website, with the menu,',
  'prices and a request form that lands in your inbox, and fresh photographs of the cakes.',
  '',
  '- Designed to match the new site',
  '- Requests emailed to you and kept in your portal',
  '- Live two weeks after the deposit',
].join('\n');

/**
 * Adds the demo proposal to the client whose owner's email is `ownerEmail`, sent by `SITE_URL`'s
 * team; resolves whether it added one.
 */
export async function seedDemoProposal(
  db: Database,
  env: Pick<Env, 'SITE_URL' | 'SITE_TIME_ZONE'>,
  ownerEmail: string,
) {
  const owner = await findMemberByEmail(db.read, ownerEmail);
  if (!owner) return false;
  const [already] = await db.read
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.clientId, owner.clientId));
  if (already) return false;
  return db.write(async (tx) => {
    const terms = await recordCurrentTerms(tx);
    const id = crypto.randomUUID();
    const now = new Date();
    const content = { items: ITEMS, discountCents: 0, depositPercent: 50 };
    const validUntil = daysFromToday(env.SITE_TIME_ZONE, 30, now);
    const offered = offeredDocument({
      proposalId: id,
      version: 1,
      title: 'Catering page and cake photography',
      intro: INTRO,
      ...content,
      validUntil,
      extraTerms: null,
      client: { business: businessName(owner.client), name: owner.name, email: owner.email },
      terms,
      sentAt: now,
      siteUrl: env.SITE_URL,
    });
    const totals = proposalTotals(content);
    await tx.insert(proposals).values({
      id,
      seriesId: id,
      clientId: owner.clientId,
      title: 'Catering page and cake photography',
      intro: INTRO,
      ...content,
      termsVersion: terms.version,
      validUntil,
      status: 'sent',
      oneOffCents: totals.oneOffCents,
      monthlyCents: totals.monthlyCents,
      depositCents: totals.depositCents,
      document: offered.json,
      documentHash: offered.hash,
      sentAt: now,
      createdByName: 'First State Web Studio',
      createdAt: now,
      updatedAt: now,
    });
    return true;
  });
}
