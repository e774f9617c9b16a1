import Link from 'next/link';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/types';
import type { ListFilters } from '@/features/search/filters';
import { chipFilters, didYouMeanFilters, type SearchNotes } from '../query-notes';

/**
 * What the API understood in the typed query: place, workplace and seniority words as chips that
 * turn into real filters (the words only boost until then), corrections of unknown words, and
 * "did you mean" when nothing matched. Rendered on the server; links work without JavaScript.
 */
export function QueryNotes({ notes, filters, locale, href }: { notes: SearchNotes | undefined; filters: ListFilters; locale: Locale; href: (filters: ListFilters) => string }) {
  if (!notes) return null;
  const t = createTranslator(locale);
  const chips = notes.chips.filter((chip) => !chip.applied).flatMap((chip) => {
    const target = chipFilters(filters, chip);
    return target ? [{ chip, href: href(target) }] : [];
  });
  const corrected = [...new Set(notes.corrections.filter((c) => !c.typedFound).map((c) => c.corrected))];
  const suggestion = didYouMeanFilters(filters, notes);
  if (!chips.length && !corrected.length && !(notes.noResults && suggestion)) return null;
  return (
    <div className="query-notes" data-testid="query-notes">
      {chips.length ? (
        <nav className="chips chips--query" aria-label={t('search.understood')} data-testid="query-chips">
          <span className="query-notes__label">{t('search.understood')}</span>
          <ul>
            {chips.map(({ chip, href: chipHref }) => (
              <li key={`${chip.filter}=${chip.value}`}>
                <Link prefetch={false} className="chip chip--suggested" href={chipHref} data-query-chip={`${chip.filter}=${chip.value}`} aria-label={t('search.applyChip', { label: chip.label })}>
                  <span aria-hidden="true">+</span> {chip.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {corrected.length && !notes.noResults ? (
        <p className="query-notes__corrected" data-testid="query-corrections">
          {t('search.correctedTo', { words: corrected.join(', ') })}
        </p>
      ) : null}
      {notes.noResults && notes.didYouMean && suggestion ? (
        <p className="query-notes__did-you-mean" data-testid="did-you-mean">
          {t('search.didYouMean')}{' '}
          <Link prefetch={false} href={href(suggestion)}>
            <strong>{notes.didYouMean.query}</strong>
          </Link>{' '}
          ({t('search.didYouMeanCount', { n: formatNumber(notes.didYouMean.count), count: notes.didYouMean.count })})?
        </p>
      ) : null}
    </div>
  );
}
