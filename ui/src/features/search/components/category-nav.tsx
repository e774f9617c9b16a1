import Link from 'next/link';
import { buildListHref, withFilters, type ListFilters } from '@/features/search/filters';
import { createTranslator } from '@/i18n/translate';
import type { BoardConfig, Locale } from '@/lib/types';

/** Category links (first `visibleCategories`, the rest behind 'show more'); subcategories of the chosen one toggle. */
export function CategoryNav({ filters, config, locale }: { filters: ListFilters; config: BoardConfig; locale: Locale }) {
  const t = createTranslator(locale);
  const visible = config.limits.visibleCategories ?? 8;
  const categories = config.categories.filter((category) => category.slug !== 'it');
  const link = (slug: string | null) => buildListHref(withFilters(filters, { category: slug === filters.category ? null : slug, subcategories: [] }), config, locale);
  const item = (category: (typeof categories)[number]) => (
    <li key={category.slug}>
      <Link prefetch={false} href={link(category.slug)} aria-current={category.slug === filters.category ? 'page' : undefined} className="pill">
        {category.label[locale]}
      </Link>
    </li>
  );
  const selected = categories.find((category) => category.slug === filters.category);
  return (
    <nav className="category-nav" aria-label={t('list.categories')}>
      <ul className="pills">
        <li>
          <Link prefetch={false} href={link(null)} aria-current={!filters.category ? 'page' : undefined} className="pill">
            {t('list.allCategories')}
          </Link>
        </li>
        {categories.slice(0, visible).map(item)}
      </ul>
      {categories.length > visible ? (
        <details className="more">
          <summary>{t('home.showMore')}</summary>
          <ul className="pills">{categories.slice(visible).map(item)}</ul>
        </details>
      ) : null}
      {selected?.children.length ? (
        <ul className="pills pills--sub">
          {selected.children.map((child) => {
            const active = filters.subcategories.includes(child.slug);
            const subcategories = active ? filters.subcategories.filter((slug) => slug !== child.slug) : [...filters.subcategories, child.slug];
            return (
              <li key={child.slug}>
                <Link prefetch={false} href={buildListHref(withFilters(filters, { subcategories }), config, locale)} className="pill pill--small" aria-pressed={undefined} aria-current={active ? 'true' : undefined}>
                  {child.label[locale]}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </nav>
  );
}
