/**
 * The admin dashboard's forms and request bodies (SPEC.md 2.11, 5; issue 4), with the spec's
 * messages. Budget travels in integer cents; the form shows dollars (see budgetToCents).
 */
import { z } from '../zod.ts';
import { LEAD_STATUSES, MILESTONE_STATUSES, PROJECT_STATUSES } from '../projects.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Client form (SPEC.md 5): password optional at the schema level, at least 6 characters when given. */
export const adminClientSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  company: optionalText(200),
  phone: optionalText(40),
  password: z
    .string()
    .max(128, 'Password must be at most 128 characters')
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 6, 'Password must be at least 6 characters'),
});
export type AdminClientInput = z.input<typeof adminClientSchema>;
export type AdminClientValues = z.output<typeof adminClientSchema>;

const isoDate = z.iso
  .date('Use a date like 2026-11-21')
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

const END_BEFORE_START = 'End date cannot be before the start date';

/** Project body (SPEC.md 5): budget in integer cents at least 0; hours at least 0; dates optional. */
export const adminProjectSchema = z
  .object({
    clientId: z.string({ error: 'Client is required' }).trim().min(1, 'Client is required').max(100),
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
    description: optionalText(5000),
    status: z.enum(PROJECT_STATUSES, { error: 'Choose a status' }).default('planning'),
    startDate: isoDate,
    endDate: isoDate,
    estimatedHours: z
      .number({ error: 'Enter a number of hours' })
      .min(0, 'Hours must be 0 or more')
      .max(100000)
      .nullish()
      .transform((v) => v ?? null),
    budget: z
      .number({ error: 'Enter a budget' })
      .int('Budget must be a whole number of cents')
      .min(0, 'Budget must be 0 or more')
      .max(100_000_000_00)
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((p) => !p.startDate || !p.endDate || p.endDate >= p.startDate, {
    path: ['endDate'],
    message: END_BEFORE_START,
  });
export type AdminProjectInput = z.input<typeof adminProjectSchema>;
export type AdminProjectValues = z.output<typeof adminProjectSchema>;

/** Dollars typed in the form → integer cents (multiplied by 100 and rounded, SPEC.md 5). */
export function budgetToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Stored cents → dollars for the form (divided by 100, SPEC.md 5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * A team reply on a project (issue 4); same bounds as a client's message. `inReplyTo` names the
 * client's message being answered: it is marked read in the same transaction as the reply.
 */
export const teamMessageSchema = z.object({
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
  inReplyTo: z.string().min(1).max(100).optional(),
});

/** Marking a message read or unread. */
export const messageReadSchema = z.object({ isRead: z.boolean({ error: 'isRead must be true or false' }) });

/** A milestone (SPEC.md 3.1 milestones). */
export const milestoneSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: optionalText(2000),
  status: z.enum(MILESTONE_STATUSES, { error: 'Choose a status' }).default('pending'),
  dueDate: isoDate,
});
export type MilestoneValues = z.output<typeof milestoneSchema>;

/** The new order of a project's milestones: every one of its ids, once, first to last. */
export const milestoneOrderSchema = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1).max(500),
});

/** A lead's status (issue 4). */
export const leadStatusSchema = z.object({ status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }) });

/** The client form as typed (SPEC.md 2.11): a new client needs a password; on edit a blank one keeps the current. */
export const newClientFormSchema = adminClientSchema.refine((v) => v.password !== undefined, {
  path: ['password'],
  message: 'Password is required for a new client',
});

/** A number field as typed: '' → null; otherwise a number of at least 0 with `minMessage`. */
const typedAmount = (minMessage: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || Number.isFinite(Number(v)), 'Enter a number')
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(z.number().min(0, minMessage).max(100_000_000).nullable());

/** The project form as typed (SPEC.md 2.11, 5): strings from the inputs, budget in dollars. */
export const projectFormSchema = z
  .object({
    clientId: z.string().min(1, 'Client is required'),
    title: z.string().trim().min(1, 'Title is required').max(200),
    description: z.string().trim().max(5000),
    status: z.enum(PROJECT_STATUSES, { error: 'Choose a status' }),
    startDate: z.string(),
    endDate: z.string(),
    estimatedHours: typedAmount('Hours must be 0 or more'),
    budget: typedAmount('Budget must be 0 or more'),
  })
  .refine((p) => !p.startDate || !p.endDate || p.endDate >= p.startDate, {
    path: ['endDate'],
    message: END_BEFORE_START,
  });
export type ProjectFormInput = z.input<typeof projectFormSchema>;
export type ProjectFormOutput = z.output<typeof projectFormSchema>;

/**
 * The API body for a checked project form: budget in cents (dollars × 100, rounded; SPEC.md 5),
 * empty dates and an empty description left out.
 */
export function projectFormToBody(form: ProjectFormOutput): AdminProjectInput {
  return {
    clientId: form.clientId,
    title: form.title,
    status: form.status,
    estimatedHours: form.estimatedHours,
    budget: form.budget === null ? null : budgetToCents(form.budget),
    ...(form.description ? { description: form.description } : {}),
    ...(form.startDate ? { startDate: form.startDate } : {}),
    ...(form.endDate ? { endDate: form.endDate } : {}),
  };
}

/** A stored project → the form's strings; the budget shown in dollars (cents ÷ 100, SPEC.md 5). */
export function projectToForm(project: {
  clientId: string;
  title: string;
  description: string | null;
  status: (typeof PROJECT_STATUSES)[number];
  startDate: string | null;
  endDate: string | null;
  estimatedHours: number | null;
  budget: number | null;
}): ProjectFormInput {
  return {
    clientId: project.clientId,
    title: project.title,
    description: project.description ?? '',
    status: project.status,
    startDate: project.startDate ?? '',
    endDate: project.endDate ?? '',
    estimatedHours: project.estimatedHours === null ? '' : String(project.estimatedHours),
    budget: project.budget === null ? '' : String(centsToDollars(project.budget)),
  };
}
