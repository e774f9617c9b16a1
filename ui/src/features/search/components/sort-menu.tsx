'use client';
import Link from 'next/link';
import { useDismissibleMenu } from '@/components/ui/use-dismissible-menu';
import { useList } from './list-context';

/**
 * Sort choices as links in a disclosure (works without JavaScript; keyboard: Enter/Space on the
 * summary). With JavaScript it closes on a choice, Escape or a click outside.
 */
export function SortMenu() {
  const { config, filters, locale, t, hrefWith } = useList();
  const { ref, close } = useDismissibleMenu();
  const current = config.filters.sort.find((option) => option.value === filters.sort) ?? config.filters.sort[0];
  return (
    <details className="menu" data-testid="sort-menu" ref={ref}>
      <summary>
        {t('list.sort')}: <strong>{current?.label[locale]}</strong>
      </summary>
      <ul className="menu__list">
        {config.filters.sort.map((option) => (
          <li key={option.value}>
            <Link
              prefetch={false}
              href={hrefWith({ sort: option.value })}
              aria-current={option.value === filters.sort ? 'true' : undefined}
              onClick={() => {
                close();
              }}
            >
              {option.label[locale]}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
