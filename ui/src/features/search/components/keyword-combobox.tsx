'use client';
/**
 * The keyword field of every search form (home, list, mobile drawer, header): an accessible
 * combobox listing suggestions (titles, companies, skills from `offers/suggest`, `minChars`+
 * characters, 300 ms, a new call aborts the previous) or, for shorter input, the last 8 searches
 * (`localStorage.lastSearch`). Picking an entry hands it to `onPick`; the form decides where to go.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslator } from '@/i18n/board-texts';
import type { MessageKey } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { useSuggestions } from '../api/suggest-offers';
import { readLastSearches, type LastSearch, type SearchVariant } from '../last-searches';
import { suggestionMode } from '../suggest';

interface Option {
  id: string;
  label: string;
  hint?: string;
  group: string;
  entry: LastSearch;
}

const VARIANT_KEY: Record<SearchVariant, MessageKey> = {
  keyword: 'search.variant.keyword',
  titles: 'search.variant.titles',
  companies: 'search.variant.companies',
  skills: 'search.variant.skills',
};

export interface KeywordComboboxProps {
  id: string;
  name: string;
  locale: Locale;
  value: string;
  onValueChange: (text: string) => void;
  /** A suggestion or a last search was chosen. */
  onPick: (entry: LastSearch) => void;
  /** Characters before suggestions are fetched (spec: 3 on the home bar, 2 in the header). */
  minChars: number;
  placeholder?: string;
  autoFocus?: boolean;
  listTestId: string;
  /** The list's accessible name. */
  listLabel?: string;
  className?: string;
}

export function KeywordCombobox({ id, name, locale, value, onValueChange, onPick, minChars, placeholder, autoFocus, listTestId, listLabel, className }: KeywordComboboxProps) {
  const t = useTranslator(locale);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lastSearches, setLastSearches] = useState<LastSearch[]>([]);
  const uid = useId().replace(/:/g, '');
  const listId = `${id}-list`;
  const mode = suggestionMode(value, minChars);
  const suggestions = useSuggestions(open ? value : '', minChars);

  // Read when the list of last searches opens: a search may have been recorded since.
  useEffect(() => {
    if (open && mode === 'lastSearches') setLastSearches(readLastSearches());
  }, [open, mode]);

  const options: Option[] = useMemo(() => {
    if (!open) return [];
    if (mode === 'lastSearches') {
      return lastSearches.map((entry, index) => ({ id: `${uid}-last-${index}`, label: entry.title, hint: t(VARIANT_KEY[entry.variant]), group: t('search.lastSearches'), entry }));
    }
    const data = suggestions.data;
    if (!data) return [];
    const groups: [SearchVariant, MessageKey, { title: string; count?: number }[]][] = [
      ['titles', 'search.group.titles', data.titles],
      ['companies', 'search.group.companies', data.companies],
      ['skills', 'search.group.skills', data.skills],
    ];
    return groups.flatMap(([variant, label, entries]) =>
      entries.map((entry, index) => ({
        id: `${uid}-${variant}-${index}`,
        label: entry.title,
        hint: entry.count !== undefined ? String(entry.count) : undefined,
        group: t(label),
        entry: { title: entry.title, variant },
      })),
    );
    // t is derived from locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, lastSearches, suggestions.data, uid, locale]);

  useEffect(() => setActive(-1), [open, value, options.length]);

  const pick = (option: Option) => {
    setOpen(false);
    onPick(option.entry);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (step > 0 ? (index + 1 >= options.length ? 0 : index + 1) : index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Enter') {
      // The form submits the typed text: the list has done its job.
      setOpen(false);
    } else if (event.key === 'Escape' && open) {
      // Closing the list must not close a surrounding dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  let lastGroup = '';
  return (
    <>
      <input
        id={id}
        name={name}
        type="search"
        value={value}
        maxLength={100}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={placeholder}
        className={className}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && options[active] ? options[active].id : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && options.length ? (
        <ul className="search-bar__popup" role="listbox" id={listId} aria-label={listLabel ?? t('search.suggestions')} data-testid={listTestId}>
          {options.map((option, index) => {
            const heading = option.group !== lastGroup ? option.group : null;
            lastGroup = option.group;
            return (
              <li key={option.id} role="presentation">
                {heading ? (
                  <div className="search-bar__group" role="presentation">
                    {heading}
                  </div>
                ) : null}
                <div
                  id={option.id}
                  role="option"
                  aria-selected={index === active}
                  className="search-bar__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                  onMouseEnter={() => setActive(index)}
                >
                  <span>{option.label}</span>
                  {option.hint ? <span className="search-bar__hint">{option.hint}</span> : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
