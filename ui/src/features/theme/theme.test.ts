import { describe, expect, it } from 'vitest';
import { isHeaderHidden, listLayoutFor, lookChoice, lookSwitchTarget, resolveLayoutVariant, resolveTheme, showDarkModeToggle } from './theme';

describe('theme', () => {
  it('is dark only with the flag and the cookie', () => {
    expect(resolveTheme('dark', { darkMode: true })).toBe('dark');
    expect(resolveTheme('dark', { darkMode: false })).toBe('light');
    expect(resolveTheme(undefined, { darkMode: true })).toBe('light');
    expect(resolveTheme('light', { darkMode: true })).toBe('light');
    expect(resolveTheme('dark', undefined)).toBe('light');
  });

  it('shows the light/dark control with dark mode, whatever the theme toggle', () => {
    expect(showDarkModeToggle({ themeToggle: true, darkMode: true })).toBe(true);
    expect(showDarkModeToggle({ themeToggle: true, darkMode: false })).toBe(false);
    expect(showDarkModeToggle({ darkMode: true })).toBe(true);
  });

  it('the theme toggle switches between the new look and the old one (horizontalTheme)', () => {
    const flags = { themeToggle: true };
    expect(lookSwitchTarget(flags, undefined), 'undecided: offers the new look').toBe('always');
    expect(lookSwitchTarget(flags, 'never')).toBe('always');
    expect(lookSwitchTarget(flags, 'always'), 'on the new look: back to the old one').toBe('never');
    expect(lookSwitchTarget({ horizontalPopup: true }, 'always'), 'the popup alone offers no way back').toBeNull();
    expect(lookSwitchTarget({ darkMode: true }, 'always')).toBeNull();
    expect(listLayoutFor('column', flags, 'always'), 'the toggle alone applies the horizontal layout').toBe('horizontal');
    expect(listLayoutFor('column', flags, 'never')).toBe('column');
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
