'use client';
import { useEffect, useState } from 'react';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';

/** The error state of a route segment, with a retry that re-renders the segment. */
export function ErrorState({ reset, error }: { reset: () => void; error: Error & { digest?: string } }) {
  const [locale, setLocale] = useState<Locale>('pl');
  useEffect(() => {
    setLocale(document.documentElement.lang === 'en' ? 'en' : 'pl');
    console.error(error);
  }, [error]);
  const t = createTranslator(locale);
  return (
    <div className="status-page" role="alert" data-testid="error-state">
      <h1>{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <button type="button" className="button button--primary" onClick={() => reset()}>
        {t('error.retry')}
      </button>
    </div>
  );
}
