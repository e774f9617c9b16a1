/** Logging in and out, registering and confirming (`/v1/candidate/{login,logout,register,confirm}`). */
import { apiWrite } from '@/lib/api-write';
import type { SessionAnswer } from '@/lib/candidate';

export interface LoginInput {
  email: string;
  password: string;
  favoriteOfferId?: string | null;
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  lang?: string;
  favoriteOfferId?: string | null;
  /** The terms and privacy policy in force are accepted (the API records which and when). */
  acceptedTerms: boolean;
}

const withoutEmpty = <T extends object>(input: T): Partial<T> => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;

/** Logs in (cookies `wakat_session` and `wakat_csrf` come with the answer); with `favoriteOfferId` the offer is saved too. */
export const login = (input: LoginInput) => apiWrite<SessionAnswer>('POST', '/v1/candidate/login', withoutEmpty(input)) as Promise<SessionAnswer>;

/** 202 `{status: "checkYourMail"}`, the same whether or not the e-mail has an account. */
export const register = (input: RegisterInput) => apiWrite<{ status: string }>('POST', '/v1/candidate/register', withoutEmpty(input));

/** Opens the confirmation link: confirms and logs in. */
/** What a contested confirmation (`password_required`) sends with the token: the password chosen now and the names. */
export type ChosenAtConfirmation = { password: string; firstName: string; lastName: string };

export const confirmAccount = (token: string, chosen?: ChosenAtConfirmation) =>
  apiWrite<SessionAnswer>('POST', '/v1/candidate/confirm', { token, ...chosen }) as Promise<SessionAnswer>;

export const logout = () => apiWrite<null>('POST', '/v1/candidate/logout');
