import { buildListHref, withFilters, type ListFilters } from '@/lib/filters';
import { createTranslator } from '@/i18n/translate';
import type { BoardConfig, Locale } from '@/lib/types';

/** Sort choices as links in a disclosure (works without JavaScript; keyboard: Enter/Space on the summary). */
export function SortMenu({ filters, config, locale }: { filters: ListFilters; config: BoardConfig; locale: Locale }) {
  const t = createTranslator(locale);
  const current = config.filters.sort.find((option) => option.value === filters.sort) ?? config.filters.sort[0];
  return (
    <details className="menu" data-testid="sort-menu">
      <summary>
        {t('list.sort')}: <strong>{current?.label[locale]}</strong>
      </summary>
      <ul className="menu__list">
        {config.filters.sort.map((option) => (
          <li key={option.value}>
            <a href={buildListHref(withFilters(filters, { sort: option.value }), config, locale)} aria-current={option.value === filters.sort ? 'true' : undefined}>
              {option.label[locale]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
