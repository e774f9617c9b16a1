import Link from 'next/link';
import type { Chip } from '../chips';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';

export function FilterChips({ chips, clearHref, locale }: { chips: Chip[]; clearHref: string; locale: Locale }) {
  if (!chips.length) return null;
  const t = createTranslator(locale);
  return (
    <nav className="chips" aria-label={t('list.activeFilters')} data-testid="filter-chips">
      <ul>
        {chips.map((chip) => (
          <li key={chip.id}>
            <Link prefetch={false} className="chip" href={chip.href} aria-label={t('list.removeFilter', { label: chip.label })} data-chip={chip.id}>
              {chip.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        {chips.length > 1 ? (
          <li>
            <Link prefetch={false} className="chip chip--clear" href={clearHref}>
              {t('list.clearAll')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
