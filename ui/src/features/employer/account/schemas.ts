/**
 * The employer account forms' rules (zod). Issue messages are error codes under
 * `employer.errors.` — the API's own codes where it has one, so a refusal reads the same whether
 * the browser or the server found it. The API checks everything again and has the last word.
 */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The API's company name bounds (ARCHITECTURE.md, employer limits). */
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;
export const USER_NAME_MAX = 100;
/** The contact phone pattern of the offer form: optional `+`, 9 to 15 digits in groups split by one space or dash. */
export const PHONE_PATTERN = /^\+?\d+(?:[ -]\d+)*$/;

const chars = (text: string) => [...text].length;
export const emailField = z.string().trim().min(1, 'required').pipe(z.email('invalid_email'));
const anyPassword = z.string().min(1, 'required');

export const loginSchema = z.object({ email: emailField, password: anyPassword });
export type LoginValues = z.input<typeof loginSchema>;

export { chars };

const newPassword = z
  .string()
  .min(1, 'required')
  .refine((text) => chars(text) >= PASSWORD_MIN, 'password_too_short')
  .refine((text) => chars(text) <= PASSWORD_MAX, 'password_too_long');
const personName = z
  .string()
  .trim()
  .min(1, 'required')
  .refine((text) => chars(text) >= 2 && chars(text) <= USER_NAME_MAX && !/[\u0000-\u001f\u007f]/.test(text), 'invalid_name');
/** Optional; when given, the offer form's phone rule: 9 to 15 digits, optional `+`, groups split by one space or dash. */
export const optionalPhone = z
  .string()
  .trim()
  .refine((text) => text === '' || (PHONE_PATTERN.test(text) && text.replace(/\D/g, '').length >= 9 && text.replace(/\D/g, '').length <= 15), 'invalid_phone');

/** `POST /v1/users/sign_up`: the company, then its first user. */
export const signUpSchema = z
  .object({
    companyName: z
      .string()
      .trim()
      .min(1, 'required')
      .refine((text) => chars(text) >= COMPANY_NAME_MIN && chars(text) <= COMPANY_NAME_MAX, 'invalid_name'),
    acceptedRegulations: z.boolean().refine((accepted) => accepted, 'regulations_required'),
    subscribeToNewsletter: z.boolean(),
    name: personName,
    phone: optionalPhone,
    email: emailField,
    password: newPassword,
    passwordConfirmation: z.string(),
  })
  .superRefine((values, context) => {
    if (values.password !== values.passwordConfirmation) context.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'password_mismatch' });
    if (values.password && values.password.trim().toLowerCase() === values.email.trim().toLowerCase()) context.addIssue({ code: 'custom', path: ['password'], message: 'password_is_email' });
  });
export type SignUpValues = z.input<typeof signUpSchema>;

/** The sign-up body the API takes (snake_case, as the spec's registration payload). */
export function signUpPayload(values: SignUpValues) {
  return {
    company: { name: values.companyName.trim(), accepted_regulations: values.acceptedRegulations, subscribe_to_newsletter: values.subscribeToNewsletter },
    user: { name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim(), password: values.password, password_confirmation: values.passwordConfirmation },
  };
}

/** The server's field names of the sign-up → the form's. */
export const SIGN_UP_FIELDS = {
  'company.name': 'companyName',
  'company.accepted_regulations': 'acceptedRegulations',
  'user.name': 'name',
  'user.phone': 'phone',
  'user.email': 'email',
  'user.password': 'password',
  'user.password_confirmation': 'passwordConfirmation',
} as const;

/** A new password with its confirmation (the confirmation link of an invited user, the reset link). */
export const newPasswordSchema = z
  .object({ password: newPassword, passwordConfirmation: z.string() })
  .superRefine((values, context) => {
    if (values.password !== values.passwordConfirmation) context.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'password_mismatch' });
  });
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

export const emailSchema = z.object({ email: emailField });
export type EmailValues = z.input<typeof emailSchema>;
