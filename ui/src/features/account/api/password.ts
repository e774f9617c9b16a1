/** Password reset (by mail) and change (logged in). */
import { apiWrite } from '@/lib/api-write';

/** 202 whether or not the account exists. */
export const requestPasswordReset = (email: string) => apiWrite('POST', '/v1/candidate/password-reset', { email });

/** Sets a new password from the mailed link (every session of the account ends). */
export const resetPassword = (token: string, password: string) => apiWrite('POST', '/v1/candidate/password-reset/confirm', { token, password });

/** Changes the password (400 `invalid_password` for a wrong current one; other sessions end). */
export const changePassword = (currentPassword: string, newPassword: string) => apiWrite('PUT', '/v1/candidate/password', { currentPassword, newPassword });
