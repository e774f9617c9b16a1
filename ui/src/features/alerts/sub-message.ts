/**
 * The `ja-hide-sub-message` cookie (spec §3, §9: one year): once set to `true`, the note offering
 * e-mail alerts after a guest saves a search is not shown again.
 */
export const HIDE_SUB_MESSAGE_COOKIE = 'ja-hide-sub-message';
export const HIDE_SUB_MESSAGE_MAX_AGE = 31_536_000;

/** The cookie line that hides the note. */
export function hideSubMessageCookie(): string {
  return `${HIDE_SUB_MESSAGE_COOKIE}=true; Max-Age=${HIDE_SUB_MESSAGE_MAX_AGE}; Path=/; SameSite=Lax`;
}

/** Whether a cookie header hides the note. */
export function isSubMessageHidden(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim() === `${HIDE_SUB_MESSAGE_COOKIE}=true`);
}

export function subMessageHidden(): boolean {
  return typeof document !== 'undefined' && isSubMessageHidden(document.cookie);
}

export function hideSubMessage(): void {
  document.cookie = hideSubMessageCookie();
}
