/**
 * Proposal templates (docs/product.md#proposals): the two packages of /pricing ship as built-in
 * templates, made from the same facts the page shows (src/shared/company.ts `PRICING_PACKAGES` and
 * `plan`), so they never disagree with it; staff save their own from the editor and delete them.
 * A template is only a starting point: the editor copies it into a new draft.
 */
import { asc, eq } from 'drizzle-orm';
import { proposalTemplates } from '../../../../db/schema/index.ts';
import { company, plan, PRICING_PACKAGES } from '../../../shared/company.ts';
import type { ProposalItem } from '../../../shared/proposals.ts';
import type { ProposalTemplateValues } from '../../../shared/schemas/proposals.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database } from '../../db/database.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';

/** A template as the API carries it; `builtIn` ones cannot be deleted. */
export interface ProposalTemplateJson {
  id: string;
  name: string;
  builtIn: boolean;
  title: string;
  intro: string;
  items: ProposalItem[];
  discountCents: number;
  depositPercent: number;
  extraTerms: string | null;
  validDays: number;
}

/** The $99 monthly plan as an optional monthly line (its inclusions, then its commitment). */
const monthlyPlanItem: ProposalItem = {
  description: `The $${plan.priceUsdPerMonth} monthly plan: ${plan.inclusions
    .filter((line) => line !== plan.commitment)
    .join('; ')} (${plan.commitment})`,
  quantity: 1,
  unitPriceCents: plan.priceUsdPerMonth * 100,
  recurring: 'monthly',
  optional: true,
};

/** The built-in templates, one per package of /pricing. */
function builtInTemplates(): ProposalTemplateJson[] {
  return PRICING_PACKAGES.map((pkg) => ({
    id: `builtin:${pkg.id}`,
    name: pkg.name,
    builtIn: true,
    title: `${pkg.name} website`,
    intro: [
      `## ${pkg.name}`,
      '',
      pkg.summary,
      '',
      ...pkg.features.map((feature) => `- ${feature}`),
      '',
      `${company.name} designs and builds it in Delaware. We start once this proposal is signed and the deposit is received.`,
    ].join('\n'),
    items: [
      {
        description: `${pkg.name}: ${pkg.features.join('; ')}`,
        quantity: 1,
        unitPriceCents: pkg.priceCents,
        recurring: null,
        optional: false,
      },
      monthlyPlanItem,
    ],
    discountCents: 0,
    depositPercent: 50,
    extraTerms: null,
    validDays: 30,
  }));
}

/** Every template: the built-in ones first, then the saved ones by name. */
export async function listTemplates(db: Database): Promise<ProposalTemplateJson[]> {
  const saved = await db.read.select().from(proposalTemplates).orderBy(asc(proposalTemplates.name));
  return [
    ...builtInTemplates(),
    ...saved.map((row) => ({
      id: row.id,
      name: row.name,
      builtIn: false,
      title: row.title,
      intro: row.intro,
      items: row.items,
      discountCents: row.discountCents,
      depositPercent: row.depositPercent,
      extraTerms: row.extraTerms,
      validDays: row.validDays,
    })),
  ];
}

const nameTaken = () =>
  new AppError(409, 'name_taken', 'A template with this name exists: choose another name.', {
    name: 'A template with this name exists: choose another name.',
  });

/** Saves `values` as a template by `actor`; returns its id. AppError 409 `name_taken` for a name in use. */
export async function saveTemplate(db: Database, actor: Actor, values: ProposalTemplateValues): Promise<string> {
  if (builtInTemplates().some((t) => t.name.toLowerCase() === values.name.toLowerCase())) throw nameTaken();
  return db.write(async (tx) => {
    const [row] = await tx
      .insert(proposalTemplates)
      .values({ ...values, createdByName: staffName(actor) })
      .onConflictDoNothing()
      .returning({ id: proposalTemplates.id });
    if (!row) throw nameTaken();
    await recordAdminEvent(tx, actor, 'create', 'proposal-template', row.id, `Saved proposal template ${values.name}`);
    return row.id;
  });
}

/** Deletes saved template `id`. NotFoundError for none; AppError 409 for a built-in one. */
export async function deleteTemplate(db: Database, actor: Actor, id: string): Promise<void> {
  if (id.startsWith('builtin:')) {
    throw new AppError(409, 'built_in', 'The templates of the pricing page cannot be deleted.');
  }
  await db.write(async (tx) => {
    const [row] = await tx.delete(proposalTemplates).where(eq(proposalTemplates.id, id)).returning();
    if (!row) throw new NotFoundError('Template');
    await recordAdminEvent(tx, actor, 'delete', 'proposal-template', id, `Deleted proposal template ${row.name}`);
  });
}
