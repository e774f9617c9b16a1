/**
 * The preference cookies the app writes (theme, popups), with their lifetimes. Server actions in
 * `cookie-actions.ts` only touch names listed here, so a client cannot set arbitrary cookies.
 */

const DAY = 60 * 60 * 24;
const YEAR = 365 * DAY;

export const THEME_COOKIE = 'wakat-theme';
export const SURVEY_COOKIE = 'hideSurveyPopup';
export const HORIZONTAL_POPUP_COOKIE = 'horizontalPopup';
export const HORIZONTAL_THEME_COOKIE = 'horizontalTheme';

/** Name → lifetime in seconds. */
export const PREFERENCE_COOKIES: Record<string, number> = {
  [THEME_COOKIE]: YEAR,
  [SURVEY_COOKIE]: YEAR,
  [HORIZONTAL_POPUP_COOKIE]: YEAR,
  [HORIZONTAL_THEME_COOKIE]: DAY,
};

export function isPreferenceCookie(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(PREFERENCE_COOKIES, name);
}

/** Values are short tokens (`dark`, `true`, `always`, a counter); anything else is refused. */
export function isPreferenceValue(value: string): boolean {
  return /^[a-z0-9-]{1,16}$/i.test(value);
}
