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
