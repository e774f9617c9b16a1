/** The profile (names, default message, matchmaking preferences) and the account's data. */
import { apiWrite } from '@/lib/api-write';
import type { Candidate, Preferences } from '@/lib/candidate';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  message: string;
  preferences: Preferences;
}

/** Replaces the whole profile. */
export const updateProfile = (input: ProfileInput) => apiWrite<Candidate>('PUT', '/v1/candidate/profile', input) as Promise<Candidate>;

/** The profile as `updateProfile` takes it. */
export function profileInput(candidate: Candidate): ProfileInput {
  return { firstName: candidate.firstName, lastName: candidate.lastName, message: candidate.message, preferences: candidate.preferences };
}

/**
 * Address of the GDPR export (a JSON file of everything the account holds; the session cookie
 * authorises it) on the page's board; the server render names the board.
 */
export const exportUrl = (board: string) => `/api/${encodeURIComponent(board)}/v1/candidate/export`;

/** Deletes the account for good (password checked; the cookies are cleared). */
export const deleteAccount = (password: string) => apiWrite('DELETE', '/v1/candidate/account', { password });
