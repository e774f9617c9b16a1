'use client';
/**
 * The search bar (homepage and list): keyword with suggestions (3+ characters, 300 ms debounce;
 * shorter input lists the last 8 searches), a city picker (`CityPicker`: gazetteer suggestions from
 * 2 characters, last 5 locations and popular cities when short) and a radius. It is a GET form to
 * the list page, so it works without JavaScript (a typed city name is sent); with JavaScript it
 * records last searches and locations and navigates on the client. Picking a suggestion sets its
 * own query parameter (titles, companies or skills) instead of the keyword.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { createTranslator, type MessageKey } from '@/i18n/translate';
import { slugify } from '@/lib/text';
import type { City, Locale } from '@/lib/types';
import { useSuggestions } from '../api/suggest-offers';
import { cityLabel, exactCity, type CityOption } from '../city-combobox';
import { clearModalHash } from '../hooks/use-hash-modal';
import { readLastLocations, readLastSearches, rememberLocation, rememberSearch, type LastLocation, type LastSearch, type SearchVariant } from '../last-searches';
import { CityPicker } from './city-picker';
import '../search.css';

export interface SearchBarProps {
  locale: Locale;
  id: string;
  action: string;
  keyword?: string;
  city?: string;
  radius?: number | null;
  hidden?: [string, string][];
  cities: City[];
  radii: { label: string; slug: string }[];
  keywordName: string;
  radiusName: string;
  /** Characters before suggestions are fetched (spec: 3 on the home bar, 2 in the header). */
  suggestMinChars?: number;
  submitLabel?: string;
  /** Hides the inline submit button (a drawer puts its own in the footer, `form={formId}`). */
  hideSubmit?: boolean;
  formId?: string;
  autoFocus?: boolean;
}

interface Option {
  id: string;
  label: string;
  hint?: string;
  group: string;
  pick: () => void;
}

const VARIANT_KEY: Record<SearchVariant, MessageKey> = {
  keyword: 'search.variant.keyword',
  titles: 'search.variant.titles',
  companies: 'search.variant.companies',
  skills: 'search.variant.skills',
};

export function SearchBar({
  locale,
  id,
  action,
  keyword = '',
  city = '',
  radius = null,
  hidden = [],
  cities,
  radii,
  keywordName,
  radiusName,
  suggestMinChars = 3,
  submitLabel,
  hideSubmit = false,
  formId,
  autoFocus = false,
}: SearchBarProps) {
  const t = createTranslator(locale);
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [keywordText, setKeywordText] = useState(keyword);
  const [cityText, setCityText] = useState(city);
  const [radiusValue, setRadiusValue] = useState(radius ? String(radius) : '0');
  const [lastSearches, setLastSearches] = useState<LastSearch[]>([]);
  const [lastLocations, setLastLocations] = useState<LastLocation[]>([]);
  /** The city picked from the suggestions, while the field still shows its name. */
  const [picked, setPicked] = useState<CityOption | null>(null);
  const [openBox, setOpenBox] = useState<'keyword' | null>(null);
  const [active, setActive] = useState(-1);
  const uid = useId().replace(/:/g, '');
  const suggestions = useSuggestions(openBox === 'keyword' ? keywordText : '', suggestMinChars);

  useEffect(() => {
    setLastSearches(readLastSearches());
    setLastLocations(readLastLocations());
  }, []);

  const radiusChoices = useMemo(() => {
    const list = [...radii];
    if (radius && !list.some((entry) => Number(entry.slug) === radius)) list.push({ label: `+${radius} km`, slug: String(radius) });
    return list.sort((a, b) => Number(a.slug) - Number(b.slug));
  }, [radii, radius]);

  /** The form's query as the browser would send it, trimmed: no blank values, radius only with a city. */
  const formQuery = (changes: Record<string, string | null> = {}) => {
    const params = new URLSearchParams();
    const data = new FormData(formRef.current ?? undefined);
    for (const [name, value] of data.entries()) if (typeof value === 'string' && value.trim()) params.append(name, value.trim());
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    if (!params.get('city') || params.get(radiusName) === '0') params.delete(radiusName);
    return params;
  };

  const navigate = (params: URLSearchParams) => {
    const typedCity = params.get('city');
    if (typedCity) {
      // A picked suggestion travels as its slug (the list page turns `?city=` into the path).
      const chosen = picked && picked.label === typedCity ? picked : null;
      const known = chosen ? null : exactCity(cities, typedCity);
      const value = chosen?.slug ?? known?.slug ?? slugify(typedCity);
      if (chosen) params.set('city', chosen.slug);
      const label = chosen?.label ?? (known ? cityLabel(known, locale) : typedCity);
      if (value) setLastLocations(rememberLocation({ label, value, region: chosen?.region ?? known?.region }));
    }
    setOpenBox(null);
    clearModalHash();
    const query = params.toString();
    router.push(`${action}${query ? `?${query}` : ''}`);
  };

  const pickSearch = (entry: LastSearch) => {
    setLastSearches(rememberSearch(entry));
    if (entry.variant === 'keyword') {
      setKeywordText(entry.title);
      navigate(formQuery({ [keywordName]: entry.title }));
    } else {
      setKeywordText('');
      navigate(formQuery({ [keywordName]: null, [entry.variant]: entry.title }));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = keywordText.trim();
    if (text) setLastSearches(rememberSearch({ title: text, variant: 'keyword' }));
    navigate(formQuery());
  };

  const keywordOptions: Option[] = useMemo(() => {
    if (openBox !== 'keyword') return [];
    if (keywordText.trim().length < suggestMinChars) {
      return lastSearches.map((entry, index) => ({
        id: `${uid}-last-${index}`,
        label: entry.title,
        hint: t(VARIANT_KEY[entry.variant]),
        group: t('search.lastSearches'),
        pick: () => pickSearch(entry),
      }));
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
        pick: () => pickSearch({ title: entry.title, variant }),
      })),
    );
    // pickSearch reads the form at pick time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openBox, keywordText, suggestMinChars, lastSearches, suggestions.data, uid, locale]);

  const options = keywordOptions;
  useEffect(() => setActive(-1), [openBox, keywordText, options.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, box: 'keyword') => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (openBox !== box) setOpenBox(box);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (step > 0 ? (index + 1 >= options.length ? 0 : index + 1) : index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && openBox === box && active >= 0 && options[active]) {
      event.preventDefault();
      options[active].pick();
    } else if (event.key === 'Escape' && openBox === box) {
      // Closing the list must not close a surrounding dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpenBox(null);
    }
  };

  const listbox = (box: 'keyword', label: string): ReactNode => {
    if (openBox !== box || !options.length) return null;
    let lastGroup = '';
    return (
      <ul className="search-bar__popup" role="listbox" id={`${id}-${box}-list`} aria-label={label} data-testid={`${box}-suggestions`}>
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
                onClick={() => option.pick()}
                onMouseEnter={() => setActive(index)}
              >
                <span>{option.label}</span>
                {option.hint ? <span className="search-bar__hint">{option.hint}</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  const combobox = (box: 'keyword') => ({
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': openBox === box && options.length > 0,
    'aria-controls': `${id}-${box}-list`,
    'aria-activedescendant': openBox === box && active >= 0 && options[active] ? options[active].id : undefined,
    onFocus: () => setOpenBox(box),
    onBlur: () => setOpenBox((current) => (current === box ? null : current)),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown(event, box),
  });

  return (
    <form ref={formRef} id={formId} className="search-form search-bar" role="search" method="get" action={action} aria-label={t('search.label')} onSubmit={onSubmit}>
      <div className="field field--grow search-bar__field">
        <label htmlFor={`${id}-keyword`}>{t('search.keyword')}</label>
        <input
          id={`${id}-keyword`}
          name={keywordName}
          type="search"
          value={keywordText}
          maxLength={100}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={t('search.keywordPlaceholder')}
          onChange={(event) => {
            setKeywordText(event.target.value);
            setOpenBox('keyword');
          }}
          {...combobox('keyword')}
        />
        {listbox('keyword', t('search.suggestions'))}
      </div>
      <CityPicker
        id={`${id}-city`}
        name="city"
        locale={locale}
        label={t('search.city')}
        text={cityText}
        onTextChange={(text) => {
          setCityText(text);
          if (picked && text !== picked.label) setPicked(null);
        }}
        onPick={(option) => {
          setCityText(option.label);
          setPicked(option);
        }}
        recent={lastLocations}
        popular={cities}
        placeholder={t('search.cityPlaceholder')}
        listTestId="city-suggestions"
      />
      <div className="field field--narrow">
        <label htmlFor={`${id}-radius`}>{t('search.radius')}</label>
        <select id={`${id}-radius`} name={radiusName} value={radiusValue} onChange={(event) => setRadiusValue(event.target.value)}>
          {radiusChoices.map((entry) => (
            <option key={entry.slug} value={entry.slug}>
              {entry.slug === '0' ? t('search.radiusNone') : entry.label}
            </option>
          ))}
        </select>
      </div>
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {hideSubmit ? null : (
        <button type="submit" className="button button--primary">
          {submitLabel ?? t('search.submit')}
        </button>
      )}
    </form>
  );
}
