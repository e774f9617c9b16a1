/** E-mail change: a link goes to the new address; opening it moves the login. */
import { apiWrite } from '@/lib/api-write';
import type { Candidate } from '@/lib/candidate';

export const requestEmailChange = (newEmail: string, password: string) => apiWrite('POST', '/v1/candidate/email', { newEmail, password });

/** 409 `email_taken` when another account took the address meanwhile. */
export const confirmEmailChange = (token: string) => apiWrite<Candidate>('POST', '/v1/candidate/email/confirm', { token }) as Promise<Candidate>;
