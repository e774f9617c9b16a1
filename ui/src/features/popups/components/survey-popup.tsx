'use client';
import { useEffect, useState, useTransition } from 'react';
import { setPreferenceCookie } from '@/lib/cookie-actions';
import { SURVEY_COOKIE } from '@/lib/preference-cookies';
import { MOBILE_MAX_WIDTH, surveyDelayMs } from '../rules';

export interface SurveyTexts {
  title: string;
  body: string;
  take: string;
  close: string;
}

/**
 * A non-modal invitation to a survey in the corner of the page, after 500 ms on mobile or 2500 ms
 * on desktop. It never traps focus; closing it or taking the survey sets `hideSurveyPopup=true`
 * for a year. The server renders it only when the cookie is not set.
 */
export function SurveyPopup({ url, texts }: { url: string; texts: SurveyTexts }) {
  const [open, setOpen] = useState(false);
  const [, startTransition] = useTransition();

  useEffect(() => {
    const mobile = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches;
    const timer = window.setTimeout(() => setOpen(true), surveyDelayMs(mobile));
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  function hide() {
    setOpen(false);
    startTransition(() => setPreferenceCookie(SURVEY_COOKIE, 'true'));
  }

  if (!open) return null;
  return (
    <section className="popup popup--corner" role="dialog" aria-modal="false" aria-labelledby="survey-title" data-testid="survey-popup">
      <h2 id="survey-title">{texts.title}</h2>
      <p>{texts.body}</p>
      <div className="popup__actions">
        <a className="button button--primary button--small" href={url} target="_blank" rel="noopener noreferrer" onClick={hide}>
          {texts.take}
        </a>
        <button type="button" className="button button--small" onClick={hide} data-testid="survey-close">
          {texts.close}
        </button>
      </div>
    </section>
  );
}
