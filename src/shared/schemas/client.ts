/**
 * The client portal's forms and request bodies (docs/product.md#portal), with the messages of
 * docs/product.md#validation. Passwords: at least 6 characters and at most 128; subject at most
 * 200 and message at most 5,000 characters (docs/product.md#limits).
 */
import { z } from '../zod.ts';
import { attachmentIds } from './attachments.ts';
import { MESSAGE_MAX, SUBJECT_MAX } from './fields.ts';

const CLIENT_PASSWORD_MIN = 6;
const CLIENT_PASSWORD_MAX = 128;
const CLIENT_NAME_MIN = 2;

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

const newPassword = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(CLIENT_PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(CLIENT_PASSWORD_MAX, `Password must be at most ${CLIENT_PASSWORD_MAX} characters`);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Sign-in: a valid email, and a password of at least 1 character. */
export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(CLIENT_PASSWORD_MAX, 'Invalid email or password'),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** Registration's body: name, email, company and phone (optional), password. */
export const registerSchema = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(CLIENT_NAME_MIN, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email,
  company: optionalText(200, 'Company'),
  phone: optionalText(40, 'Phone'),
  password: newPassword,
});
export type RegisterValues = z.infer<typeof registerSchema>;

/** The registration form: the request plus confirmPassword, which must equal password. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

/**
 * The client's profile in settings (docs/product.md#settings-screen): name, company and phone
 * with exactly the registration's rules. The email cannot be changed there.
 */
export const profileSchema = registerSchema.pick({ name: true, company: true, phone: true });
export type ProfileValues = z.infer<typeof profileSchema>;
export type ProfileFormValues = z.input<typeof profileSchema>;

/** Changing the password in settings: the current one, and a new one by the registration's rules. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(CLIENT_PASSWORD_MAX, 'Current password is incorrect'),
  newPassword: newPassword,
});
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** The change-password form: the request plus confirmPassword, which must equal newPassword. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** A message from the client to the project team. */
export const projectMessageSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX, 'Message must be at most 5,000 characters'),
  attachments: attachmentIds,
});
export type ProjectMessageValues = z.infer<typeof projectMessageSchema>;

/** 'Forgot password?': the address to send the reset link to. */
export const passwordResetRequestSchema = z.object({ email });

/** Setting a new password from a reset link. */
export const passwordResetSchema = z.object({
  token: z.string({ error: 'This reset link is invalid or has expired' }).min(10).max(200),
  password: newPassword,
});

/** The reset form: the new password twice. */
export const passwordResetFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** What the welcome page asks of an invitation, and the reset page of its link: the token. */
export const passwordLinkSchema = z.object({
  token: z.string({ error: 'This link is incomplete' }).min(10, 'This link is incomplete').max(200),
});

/**
 * Accepting an invitation (docs/product.md#invitations): the token and a first password by the
 * registration's rules, or no password when the client sets up a passkey instead.
 */
export const acceptInvitationSchema = passwordLinkSchema.extend({ password: newPassword.optional() });
