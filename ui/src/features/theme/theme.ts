/** Dark mode: which theme a request renders, decided on the server so the page never flashes. */

export type Theme = 'light' | 'dark';

/** The theme of a request: dark only when the board allows it (flag `darkMode`) and the cookie asks for it. */
export function resolveTheme(cookieValue: string | undefined, flags: Record<string, boolean> | undefined): Theme {
  return flags?.darkMode && cookieValue === 'dark' ? 'dark' : 'light';
}

/**
 * The light/dark control shows on boards with dark mode (`darkMode`). It is not the theme toggle:
 * the spec's `themeToggle` switches the layout (see `lookSwitchTarget`).
 */
export function showDarkModeToggle(flags: Record<string, boolean | undefined> | undefined): boolean {
  return Boolean(flags?.darkMode);
}

/** Pages without the site header: offer pages and the terms pages. */
export function isHeaderHidden(pathname: string): boolean {
  return /^\/(job-offer|terms-and-privacy-policies)(\/|$)/.test(pathname);
}

/** `horizontalTheme` values: the new look accepted, or the old one chosen back (spec: the toggle uses the same cookie). */
export const NEW_LOOK = 'always';
export const OLD_LOOK = 'never';

/** The layout variant from the `horizontalTheme` cookie (`always` once the new look is accepted). */
export function resolveLayoutVariant(cookieValue: string | undefined): 'horizontal' | null {
  return cookieValue === NEW_LOOK ? 'horizontal' : null;
}

/**
 * The visitor's choice of look on a board that offers the new one — through its popup
 * (`horizontalPopup`) or its theme toggle (`themeToggle`): null while undecided, and always on
 * other boards (a cookie left from another board's choice changes nothing).
 */
export function lookChoice(flags: Record<string, boolean | undefined> | undefined, cookieValue: string | undefined): 'new' | 'old' | null {
  if (!flags?.horizontalPopup && !flags?.themeToggle) return null;
  if (cookieValue === NEW_LOOK) return 'new';
  if (cookieValue === OLD_LOOK) return 'old';
  return null;
}

/** `horizontalPopup`: the 'new look' popup offers the horizontal layout while the visitor has not chosen a look. */
export function offerNewLookPopup(flags: Record<string, boolean | undefined> | undefined, cookieValue: string | undefined): boolean {
  return Boolean(flags?.horizontalPopup) && lookChoice(flags, cookieValue) === null;
}

/**
 * `themeToggle` (spec: "switches between the horizontal layout and the older version through the
 * same cookie, 1 day"): the `horizontalTheme` value its control writes — back to the old look
 * (`never`) from the new one, else to the new look (`always`); null on boards without the toggle.
 */
export function lookSwitchTarget(flags: Record<string, boolean | undefined> | undefined, cookieValue: string | undefined): typeof NEW_LOOK | typeof OLD_LOOK | null {
  if (!flags?.themeToggle) return null;
  return lookChoice(flags, cookieValue) === 'new' ? OLD_LOOK : NEW_LOOK;
}

/** The list's layout: horizontal (filters on top) once the new look is accepted, else the board's own. */
export function listLayoutFor<L extends string>(boardLayout: L, flags: Record<string, boolean | undefined> | undefined, cookieValue: string | undefined): L | 'horizontal' {
  return lookChoice(flags, cookieValue) === 'new' ? 'horizontal' : boardLayout;
}
