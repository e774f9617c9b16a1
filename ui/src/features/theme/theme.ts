/** Dark mode: which theme a request renders, decided on the server so the page never flashes. */

export type Theme = 'light' | 'dark';

/** The theme of a request: dark only when the board allows it (flag `darkMode`) and the cookie asks for it. */
export function resolveTheme(cookieValue: string | undefined, flags: Record<string, boolean> | undefined): Theme {
  return flags?.darkMode && cookieValue === 'dark' ? 'dark' : 'light';
}

/** The toggle shows when the board has both the toggle (`themeToggle`) and dark mode (`darkMode`). */
export function showThemeToggle(flags: Record<string, boolean> | undefined): boolean {
  return Boolean(flags?.themeToggle && flags?.darkMode);
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

/** The visitor's choice of look on a board with the new-look popup (`horizontalPopup`): null while undecided. */
export function lookChoice(flags: Record<string, boolean | undefined> | undefined, cookieValue: string | undefined): 'new' | 'old' | null {
  if (!flags?.horizontalPopup) return null;
  if (cookieValue === NEW_LOOK) return 'new';
  if (cookieValue === OLD_LOOK) return 'old';
  return null;
}

/** The list's layout: horizontal (filters on top) once the new look is accepted, else the board's own. */
export function listLayoutFor<L extends string>(boardLayout: L, flags: Record<string, boolean | undefined> | undefined, cookieValue: string | undefined): L | 'horizontal' {
  return lookChoice(flags, cookieValue) === 'new' ? 'horizontal' : boardLayout;
}
