'use client';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { useList } from './list-context';

/**
 * Sort choices as links in a disclosure (works without JavaScript; keyboard: Enter/Space on the
 * summary). With JavaScript it closes on a choice, Escape or a click outside.
 */
export function SortMenu() {
  const { config, filters, locale, t, hrefWith } = useList();
  const ref = useRef<HTMLDetailsElement>(null);
  const current = config.filters.sort.find((option) => option.value === filters.sort) ?? config.filters.sort[0];
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
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
                if (ref.current) ref.current.open = false;
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
