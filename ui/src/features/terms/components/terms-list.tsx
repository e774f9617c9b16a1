import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/types';
import type { Translator } from '@/i18n/translate';
import { documentHref } from '../api/get-document';
import type { DisplayedTerms } from '../rules';

/** The terms files of one audience: a link to each document, 'effective from' on announced ones. */
export function TermsList({ files, locale, t, testId }: { files: DisplayedTerms[]; locale: Locale; t: Translator; testId: string }) {
  if (!files.length) return <p className="muted">{t('terms.none')}</p>;
  return (
    <ul className="terms-list" data-testid={testId}>
      {files.map((file) => (
        <li key={file.url}>
          <a href={documentHref(file.url, locale)} target="_blank" rel="noopener">
            {file.title[locale]}
          </a>
          {file.upcoming && file.fromDate ? (
            <span className="badge badge--upcoming" data-testid="terms-effective-from">
              {t('terms.effectiveFrom', { date: formatDate(file.fromDate, locale) })}
            </span>
          ) : file.dueDate ? (
            <span className="muted"> · {t('terms.validUntil', { date: formatDate(file.dueDate, locale) })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
