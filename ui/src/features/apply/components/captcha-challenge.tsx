'use client';
/**
 * The captcha of a public write, rendered where the write is made (the apply form, the external
 * apply box) when the board has one. The token reaches the parent through `onToken` ('' when it
 * expires or fails); a token is good for one write, so the parent remounts this component
 * (`key`) after each attempt to get a fresh challenge.
 */
import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import type { CaptchaWidget } from '@/lib/boards';
import type { Locale } from '@/lib/types';
import { loadCaptchaApi } from '../captcha';

export function CaptchaChallenge({ widget, locale, onToken }: { widget: CaptchaWidget; locale: Locale; onToken: (token: string) => void }) {
  const t = createTranslator(locale);
  const box = useRef<HTMLDivElement>(null);
  const tokenListener = useRef(onToken);
  tokenListener.current = onToken;
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let rendered: { remove?: (id: string | number) => void; id: string | number } | null = null;
    loadCaptchaApi(widget.widget, widget.scriptUrl)
      .then((api) => {
        if (cancelled || !box.current) return;
        const give = (token: unknown) => tokenListener.current(typeof token === 'string' ? token : '');
        const id = api.render(box.current, {
          sitekey: widget.siteKey,
          callback: give,
          'expired-callback': () => give(''),
          'error-callback': () => give(''),
          // Turnstile and hCaptcha read `language`/`hl`, reCAPTCHA `hl`.
          language: locale,
          hl: locale,
        });
        rendered = { remove: api.remove?.bind(api), id };
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
      if (rendered?.remove) rendered.remove(rendered.id);
    };
  }, [widget.widget, widget.scriptUrl, widget.siteKey, locale]);

  return (
    <div className="captcha" role="group" aria-label={t('captcha.label')}>
      <div ref={box} data-testid="captcha" />
      {unavailable ? <FormMessage kind="error">{t('captcha.unavailable')}</FormMessage> : null}
    </div>
  );
}
