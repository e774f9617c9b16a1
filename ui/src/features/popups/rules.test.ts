import { describe, expect, it } from 'vitest';
import { horizontalViews, shouldShowHorizontalPopup, shouldShowSurvey, surveyDelayMs } from './rules';

describe('survey popup', () => {
  it('waits 500 ms on mobile and 2500 ms on desktop', () => {
    expect(surveyDelayMs(true)).toBe(500);
    expect(surveyDelayMs(false)).toBe(2500);
  });

  it('shows until the hideSurveyPopup cookie is true', () => {
    const base = { flag: true, surveyUrl: 'https://survey', hideCookie: undefined };
    expect(shouldShowSurvey(base)).toBe(true);
    expect(shouldShowSurvey({ ...base, hideCookie: 'true' })).toBe(false);
    expect(shouldShowSurvey({ ...base, hideCookie: 'false' })).toBe(true);
    expect(shouldShowSurvey({ ...base, flag: false })).toBe(false);
    expect(shouldShowSurvey({ ...base, surveyUrl: null })).toBe(false);
  });
});

describe('horizontal popup', () => {
  const base = { flag: true, counterCookie: undefined, themeCookie: undefined, seenThisSession: false };

  it('shows at most three times, once per session', () => {
    expect(shouldShowHorizontalPopup(base)).toBe(true);
    expect(shouldShowHorizontalPopup({ ...base, counterCookie: '2' })).toBe(true);
    expect(shouldShowHorizontalPopup({ ...base, counterCookie: '3' })).toBe(false);
    expect(shouldShowHorizontalPopup({ ...base, seenThisSession: true })).toBe(false);
  });

  it('stays away once the new look is chosen or without the flag', () => {
    expect(shouldShowHorizontalPopup({ ...base, themeCookie: 'always' })).toBe(false);
    expect(shouldShowHorizontalPopup({ ...base, flag: false })).toBe(false);
  });

  it('reads the counter leniently', () => {
    expect(horizontalViews('x')).toBe(0);
    expect(horizontalViews('-4')).toBe(0);
    expect(horizontalViews('2')).toBe(2);
  });
});
