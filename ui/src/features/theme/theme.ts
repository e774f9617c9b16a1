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

/** The layout variant from the `horizontalTheme` cookie (`always` once the new look is accepted). */
export function resolveLayoutVariant(cookieValue: string | undefined): 'horizontal' | null {
  return cookieValue === 'always' ? 'horizontal' : null;
}
