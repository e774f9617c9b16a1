import Link from 'next/link';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';

export function NotFoundView({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  return (
    <div className="status-page" data-testid="not-found">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" href={paths.allOffers()}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
