import { describe, expect, it } from 'vitest';
import {
  adminProjectSchema,
  newClientFormSchema,
  projectFormSchema,
  projectToForm,
  type ProjectFormInput,
} from './admin.ts';

const form = (over: Partial<ProjectFormInput> = {}): ProjectFormInput => ({
  clientId: 'c1',
  title: 'Shop',
  description: '',
  status: 'planning',
  startDate: '',
  endDate: '',
  estimatedHours: '',
  actualHours: '',
  budget: '',
  ...over,
});

function messages(input: ProjectFormInput) {
  const result = projectFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('project form → API body (docs/product.md#validation)', () => {
  it.each([
    ['1234.56', 123456],
    ['19.99', 1999],
    ['0.1', 10],
    ['2500', 250000],
    ['0', 0],
  ])('sends a budget of $%s as %i cents', (dollars, cents) => {
    const body = projectFormSchema.parse(form({ budget: dollars }));
    expect(body.budget).toBe(cents);
    expect(adminProjectSchema.parse(body).budget).toBe(cents);
  });

  it('leaves empty dates and an empty Hours Used out, and sends an empty description, budget and estimate as null', () => {
    const body = projectFormSchema.parse(form());
    expect(body).toEqual({
      clientId: 'c1',
      title: 'Shop',
      description: null,
      status: 'planning',
      estimatedHours: null,
      budget: null,
    });
    expect(body).not.toHaveProperty('endDate');
    expect(body).not.toHaveProperty('startDate');
    expect(adminProjectSchema.parse(body)).toEqual({ ...body, startDate: null, endDate: null });
  });

  it('sends Hours Used in quarter hours and refuses anything else', () => {
    expect(projectFormSchema.parse(form({ actualHours: '6.75' })).actualHours).toBe(6.75);
    expect(messages(form({ actualHours: '1.1' })).actualHours).toBe('Use quarter hours (0.25, 0.5, 0.75)');
    expect(messages(form({ actualHours: '-1' })).actualHours).toBe('Hours must be 0 or more');
  });

  it('keeps hours in half steps and dates as typed', () => {
    const body = projectFormSchema.parse(
      form({ estimatedHours: '12.5', startDate: '2026-12-01', endDate: '2027-01-15' }),
    );
    expect(body).toMatchObject({ estimatedHours: 12.5, startDate: '2026-12-01', endDate: '2027-01-15' });
  });

  it('shows a stored budget in dollars on edit and round-trips it exactly', () => {
    const stored = {
      clientId: 'c1',
      title: 'Shop',
      description: null,
      status: 'review' as const,
      startDate: '2026-12-01',
      endDate: null,
      estimatedHours: 40,
      actualHours: 6.5,
      budget: 123456,
    };
    const typed = projectToForm(stored);
    expect(typed).toMatchObject({
      budget: '1234.56',
      estimatedHours: '40',
      actualHours: '6.5',
      endDate: '',
      description: '',
    });
    expect(projectFormSchema.parse(typed).budget).toBe(123456);
  });

  it.each([
    [{ clientId: '' }, 'clientId', 'Client is required'],
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ budget: '-100' }, 'budget', 'Budget must be 0 or more'],
    [{ estimatedHours: '-0.5' }, 'estimatedHours', 'Hours must be 0 or more'],
    [{ budget: 'abc' }, 'budget', 'Enter a number'],
    [{ startDate: '2026-12-10', endDate: '2026-12-01' }, 'endDate', 'End date cannot be before the start date'],
  ])('refuses %j with the message on %s', (over, field, message) => {
    expect(messages(form(over))[field]).toBe(message);
  });

  it('reports every field at once, with the same messages the API gives', () => {
    expect(messages(form({ clientId: '', title: '', budget: 'abc', estimatedHours: '-1' }))).toEqual({
      clientId: 'Client is required',
      title: 'Title is required',
      budget: 'Enter a number',
      estimatedHours: 'Hours must be 0 or more',
    });
    expect(messages(form({ status: 'paused' as ProjectFormInput['status'] }))).toEqual({ status: 'Choose a status' });
    const api = adminProjectSchema.safeParse({
      clientId: '',
      title: '',
      status: 'paused',
      budget: -1,
      estimatedHours: -1,
    });
    expect(Object.fromEntries(api.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      clientId: 'Client is required',
      title: 'Title is required',
      status: 'Choose a status',
      budget: 'Budget must be 0 or more',
      estimatedHours: 'Hours must be 0 or more',
    });
  });

  it('the API refuses an end date before the start date too', () => {
    const result = adminProjectSchema.safeParse({
      clientId: 'c1',
      title: 'T',
      startDate: '2026-12-10',
      endDate: '2026-12-01',
    });
    expect(result.success).toBe(false);
  });
});

describe('client form (docs/product.md#validation)', () => {
  const base = { name: 'Ada', email: 'ada@example.com', company: '', phone: '', password: '' };

  it('needs a password for a new client, of at least 6 characters', () => {
    const missing = newClientFormSchema.safeParse(base);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: 'Password is required for a new client',
    });
    const short = newClientFormSchema.safeParse({ ...base, password: 'abc' });
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    expect(newClientFormSchema.parse({ ...base, password: 'secret1' })).toMatchObject({ company: null, phone: null });
  });
});
