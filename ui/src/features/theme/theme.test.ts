import { describe, expect, it } from 'vitest';
import { isHeaderHidden, listLayoutFor, lookChoice, resolveLayoutVariant, resolveTheme, showThemeToggle } from './theme';

describe('theme', () => {
  it('is dark only with the flag and the cookie', () => {
    expect(resolveTheme('dark', { darkMode: true })).toBe('dark');
    expect(resolveTheme('dark', { darkMode: false })).toBe('light');
    expect(resolveTheme(undefined, { darkMode: true })).toBe('light');
    expect(resolveTheme('light', { darkMode: true })).toBe('light');
    expect(resolveTheme('dark', undefined)).toBe('light');
  });

  it('shows the toggle only with both flags', () => {
    expect(showThemeToggle({ themeToggle: true, darkMode: true })).toBe(true);
    expect(showThemeToggle({ themeToggle: true, darkMode: false })).toBe(false);
    expect(showThemeToggle({ darkMode: true })).toBe(false);
  });

  it('hides the header on offer and terms pages only', () => {
    expect(isHeaderHidden('/job-offer/acme-java')).toBe(true);
    expect(isHeaderHidden('/terms-and-privacy-policies')).toBe(true);
    expect(isHeaderHidden('/terms-and-privacy-policies/privacy-policy')).toBe(true);
    expect(isHeaderHidden('/')).toBe(false);
    expect(isHeaderHidden('/krakow')).toBe(false);
    expect(isHeaderHidden('/job-offers-archive')).toBe(false);
  });

  it('reads the horizontal layout cookie', () => {
    expect(resolveLayoutVariant('always')).toBe('horizontal');
    expect(resolveLayoutVariant(undefined)).toBe(null);
  });

  it('switches the list to the horizontal layout once the new look is accepted, and back', () => {
    const flags = { horizontalPopup: true };
    expect(lookChoice(flags, undefined)).toBeNull();
    expect(lookChoice(flags, 'always')).toBe('new');
    expect(lookChoice(flags, 'never')).toBe('old');
    expect(lookChoice({}, 'always'), 'only on boards offering the new look').toBeNull();
    expect(listLayoutFor('classic', flags, 'always')).toBe('horizontal');
    expect(listLayoutFor('classic', flags, 'never')).toBe('classic');
    expect(listLayoutFor('classic', flags, undefined)).toBe('classic');
    expect(listLayoutFor('column', {}, 'always')).toBe('column');
  });
});
