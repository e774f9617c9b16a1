'use client';
/**
 * The header's search: one keyword field with suggestions from 2 characters (spec: the header bar
 * needs 2 or more; home and list bars 3), last searches for shorter input, the same field as the
 * other search bars (`KeywordCombobox`). Submitting opens the whole list with the keyword; empty
 * input is ignored. A GET form, so it works without JavaScript. Not on the homepage, whose hero
 * has the full search bar.
 */
import { useState, type FormEvent } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { paths } from '@/config/paths';
import { useTranslator } from '@/i18n/board-texts';
import type { Locale } from '@/lib/types';
import { rememberSearch, type LastSearch } from '../last-searches';
import { headerSearchHref } from '../header-search';
import { HEADER_SUGGEST_MIN_CHARS } from '../suggest';
import { KeywordCombobox } from './keyword-combobox';
import '../search.css';

export function HeaderSearch({ locale, keywordName, minChars = HEADER_SUGGEST_MIN_CHARS }: { locale: Locale; keywordName: string; minChars?: number }) {
  const t = useTranslator(locale);
  const router = useRouter();
  const pathname = usePathname();
  const [text, setText] = useState('');
  if (pathname === paths.home()) return null;

  const go = (entry: LastSearch) => {
    const href = headerSearchHref(entry, keywordName);
    if (!href) return;
    rememberSearch(entry);
    setText(entry.variant === 'keyword' ? entry.title : '');
    router.push(href);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ title: text, variant: 'keyword' });
  };

  return (
    <form className="header-search search-bar" role="search" method="get" action={paths.allOffers()} aria-label={t('search.headerLabel')} onSubmit={onSubmit} data-testid="header-search">
      <label htmlFor="header-search-keyword" className="visually-hidden">
        {t('search.keyword')}
      </label>
      <div className="header-search__field search-bar__field">
        <KeywordCombobox
          id="header-search-keyword"
          name={keywordName}
          locale={locale}
          value={text}
          onValueChange={setText}
          onPick={go}
          minChars={minChars}
          placeholder={t('search.headerPlaceholder')}
          listTestId="header-suggestions"
          className="header-search__input"
        />
      </div>
      <button type="submit" className="header-search__submit" aria-label={t('search.submit')}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </button>
    </form>
  );
}
