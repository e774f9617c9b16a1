/** When the survey and 'new look' popups show (alerts-chat-terms spec §4, §9). */

export const SURVEY_DELAY_MOBILE_MS = 500;
export const SURVEY_DELAY_DESKTOP_MS = 2500;
/** The horizontal-layout popup shows at most this many times. */
export const HORIZONTAL_POPUP_MAX_VIEWS = 3;
/** Below this width the survey counts as mobile (the md breakpoint). */
export const MOBILE_MAX_WIDTH = 767;
/** Session storage key: the horizontal popup was seen in this browser session. */
export const HORIZONTAL_SEEN_KEY = 'horizontalPopupSeen';

export function surveyDelayMs(isMobile: boolean): number {
  return isMobile ? SURVEY_DELAY_MOBILE_MS : SURVEY_DELAY_DESKTOP_MS;
}

/** The survey shows with the flag on, a survey address, and no `hideSurveyPopup=true` cookie. */
export function shouldShowSurvey(input: { flag: boolean | undefined; surveyUrl: string | null | undefined; hideCookie: string | undefined }): boolean {
  return Boolean(input.flag && input.surveyUrl) && input.hideCookie !== 'true';
}

/** Times the horizontal popup was shown, from its counter cookie (garbage counts as 0). */
export function horizontalViews(cookieValue: string | undefined): number {
  const views = Number.parseInt(cookieValue ?? '', 10);
  return Number.isFinite(views) && views > 0 ? views : 0;
}

/**
 * The 'new look' popup shows with the flag on, while the new look is not already chosen
 * (`horizontalTheme=always`), fewer than 3 times in all and not yet in this session.
 */
export function shouldShowHorizontalPopup(input: {
  flag: boolean | undefined;
  counterCookie: string | undefined;
  themeCookie: string | undefined;
  seenThisSession: boolean;
}): boolean {
  return Boolean(input.flag) && input.themeCookie !== 'always' && horizontalViews(input.counterCookie) < HORIZONTAL_POPUP_MAX_VIEWS && !input.seenThisSession;
}
