/**
 * The admin dashboard's forms and request bodies (docs/product.md#dashboard,
 * docs/product.md#validation), with their messages. Budget travels in integer cents; the form
 * shows dollars (see projectFormSchema).
 */
import { z } from '../zod.ts';
import { LEAD_STATUSES, MILESTONE_STATUSES, PROJECT_STATUSES } from '../projects.ts';
import { attachmentIds } from './attachments.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Client body and form: password optional at the schema level, at least 6 characters when given. */
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

/** Estimated hours: a number of at least 0. */
const hoursRule = z.number({ error: 'Enter a number of hours' }).min(0, 'Hours must be 0 or more').max(100000);
/** Hours worked: a number of at least 0 in quarter hours (docs/product.md#time-tracking). */
const usedHoursRule = hoursRule.refine((v) => Number.isInteger(v * 4), 'Use quarter hours (0.25, 0.5, 0.75)');
/** Budget: a whole number of cents, at least 0. */
const centsRule = z
  .number({ error: 'Enter a budget' })
  .int('Budget must be a whole number of cents')
  .min(0, 'Budget must be 0 or more')
  .max(100_000_000_00);

/**
 * A project's fields and their rules, stated once for the API body and the form: budget in
 * integer cents of at least 0, hours of at least 0, dates optional ('YYYY-MM-DD').
 */
const projectFields = {
  clientId: z.string({ error: 'Client is required' }).trim().min(1, 'Client is required').max(100),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: optionalText(5000),
  status: z.enum(PROJECT_STATUSES, { error: 'Choose a status' }),
  startDate: isoDate,
  endDate: isoDate,
  estimatedHours: hoursRule.nullish().transform((v) => v ?? null),
  budget: centsRule.nullish().transform((v) => v ?? null),
};

/** The rule across fields: an end date, when both are set, is not before the start date. */
const endNotBeforeStart = (p: { startDate: string | null; endDate: string | null }) =>
  !p.startDate || !p.endDate || p.endDate >= p.startDate;
const endBeforeStartIssue = { path: ['endDate'], message: END_BEFORE_START };

/**
 * Project body of POST and PUT admin projects (docs/product.md#validation); status defaults to
 * planning. `actualHours` (Hours Used, quarter hours) is set only when sent: left out, a new
 * project starts at 0 and an update keeps what time entries added up.
 */
export const adminProjectSchema = z
  .object({
    ...projectFields,
    status: projectFields.status.default('planning'),
    actualHours: usedHoursRule.optional(),
  })
  .refine(endNotBeforeStart, endBeforeStartIssue);
export type AdminProjectValues = z.output<typeof adminProjectSchema>;
/** What the dashboard sends: the API body, with empty dates and an empty Hours Used left out. */
export type AdminProjectBody = z.input<typeof adminProjectSchema>;

/** Dollars typed in the form → integer cents (multiplied by 100 and rounded). */
function budgetToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Stored cents → dollars for the form (divided by 100). */
function centsToDollars(cents: number): number {
  return cents / 100;
}

/** A number field as typed: '' → null; anything else must read as a number ('Enter a number'). */
const typedNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || Number.isFinite(Number(v)), 'Enter a number')
  .transform((v) => (v === '' ? null : Number(v)));

/**
 * The project form (docs/product.md#project-form): the inputs' strings, budget in dollars. Each
 * field is read as typed (numbers parsed, the budget turned into cents) and then checked by the
 * project's own rule above, so its output is the API body and its messages are the API's;
 * only reading a number from the typed text is the form's own ('Enter a number').
 */
export const projectFormSchema = z
  .object({
    clientId: projectFields.clientId,
    title: projectFields.title,
    description: projectFields.description,
    status: projectFields.status,
    startDate: projectFields.startDate,
    endDate: projectFields.endDate,
    estimatedHours: typedNumber.pipe(hoursRule.nullable()),
    actualHours: typedNumber.pipe(usedHoursRule.nullable()),
    budget: typedNumber.transform((v) => (v === null ? null : budgetToCents(v))).pipe(centsRule.nullable()),
  })
  .refine(endNotBeforeStart, endBeforeStartIssue)
  // Empty dates and an empty Hours Used are left out of the body (docs/product.md#project-form).
  .transform(({ startDate, endDate, actualHours, ...rest }): AdminProjectBody => ({
    ...rest,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(actualHours === null ? {} : { actualHours }),
  }));
export type ProjectFormInput = z.input<typeof projectFormSchema>;

/** A stored project → the form's strings; the budget shown in dollars (cents ÷ 100). */
export function projectToForm(project: {
  clientId: string;
  title: string;
  description: string | null;
  status: (typeof PROJECT_STATUSES)[number];
  startDate: string | null;
  endDate: string | null;
  estimatedHours: number | null;
  actualHours: number | null;
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
    actualHours: project.actualHours === null ? '' : String(project.actualHours),
    budget: project.budget === null ? '' : String(centsToDollars(project.budget)),
  };
}

/**
 * A team reply on a project; same bounds as a client's message. `inReplyTo` names the
 * client's message being answered: it is marked read in the same transaction as the reply.
 */
export const teamMessageSchema = z.object({
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
  inReplyTo: z.string().min(1).max(100).optional(),
  attachments: attachmentIds,
});

/** Marking a message read or unread. */
export const messageReadSchema = z.object({ isRead: z.boolean({ error: 'isRead must be true or false' }) });

/** A milestone of a project's plan: title, optional description and due date, status. */
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

/** A lead's status. */
export const leadStatusSchema = z.object({ status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }) });

/** The most leads one bulk action changes (docs/product.md#leads). */
export const BULK_MAX = 500;

/** A status for several leads at once: 1 to BULK_MAX lead ids. */
export const leadBulkStatusSchema = leadStatusSchema.extend({
  ids: z
    .array(z.string().min(1).max(100), { error: 'Select at least one lead' })
    .min(1, 'Select at least one lead')
    .max(BULK_MAX, `Select at most ${BULK_MAX} leads`),
});

/** A staff note on a lead: 1 to 5,000 characters after trimming (docs/product.md#leads). */
export const leadNoteSchema = z.object({
  body: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(5000, 'Note must be at most 5,000 characters'),
});
export type LeadNoteValues = z.infer<typeof leadNoteSchema>;

/** The client form as typed: a new client needs a password; on edit a blank one keeps the current. */
export const newClientFormSchema = adminClientSchema.refine((v) => v.password !== undefined, {
  path: ['password'],
  message: 'Password is required for a new client',
});

/**
 * "Convert to client" (docs/product.md#leads): the client takes the lead's name and email; a
 * company and a phone may be given, and the title of a first project.
 */
export const convertLeadSchema = z.object({
  company: z.string().trim().max(100, 'Company must be at most 100 characters').optional(),
  projectTitle: z.string().trim().max(200, 'Title must be at most 200 characters').optional(),
});
export type ConvertLeadValues = z.infer<typeof convertLeadSchema>;

/**
 * Time logged against a project (docs/product.md#time-tracking): a day ('YYYY-MM-DD'), hours in
 * quarter hours, more than 0 and at most 24, and an optional note of up to 500 characters.
 */
export const timeEntrySchema = z.object({
  date: z.iso.date('Use a date like 2026-11-21'),
  hours: z
    .number({ error: 'Enter a number of hours' })
    .gt(0, 'Hours must be more than 0')
    .max(24, 'Hours must be 24 or less')
    .refine((v) => Number.isInteger(v * 4), 'Use quarter hours (0.25, 0.5, 0.75)'),
  note: optionalText(500),
});
export type TimeEntryValues = z.output<typeof timeEntrySchema>;

/** The time entry form as typed: the hours as a string, read as a number. */
export const timeEntryFormSchema = z.object({
  date: timeEntrySchema.shape.date,
  hours: z
    .string()
    .trim()
    .refine((v) => v !== '' && Number.isFinite(Number(v)), 'Enter a number of hours')
    .transform(Number)
    .pipe(timeEntrySchema.shape.hours),
  note: timeEntrySchema.shape.note,
});
export type TimeEntryFormInput = z.input<typeof timeEntryFormSchema>;
