'use client';
/**
 * The search bar (homepage and list): keyword with suggestions (3+ characters, 300 ms debounce;
 * shorter input lists the last 8 searches), a city picker (`CityPicker`: gazetteer suggestions from
 * 2 characters, last 5 locations and popular cities when short) and a radius. It is a GET form to
 * the list page, so it works without JavaScript (a typed city name is sent); with JavaScript it
 * records last searches and locations and navigates on the client. Picking a suggestion sets its
 * own query parameter (titles, companies or skills) instead of the keyword.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslator } from '@/i18n/board-texts';
import { slugify } from '@/lib/text';
import type { City, Locale } from '@/lib/types';
import { cityLabel, exactCity, type CityOption } from '../city-combobox';
import { clearModalHash } from '../hooks/use-hash-modal';
import { readLastLocations, rememberLocation, rememberSearch, type LastLocation, type LastSearch } from '../last-searches';
import { HOME_SUGGEST_MIN_CHARS } from '../suggest';
import { CityPicker } from './city-picker';
import { KeywordCombobox } from './keyword-combobox';
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
  suggestMinChars = HOME_SUGGEST_MIN_CHARS,
  submitLabel,
  hideSubmit = false,
  formId,
  autoFocus = false,
}: SearchBarProps) {
  const t = useTranslator(locale);
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [keywordText, setKeywordText] = useState(keyword);
  const [cityText, setCityText] = useState(city);
  const [radiusValue, setRadiusValue] = useState(radius ? String(radius) : '0');
  const [lastLocations, setLastLocations] = useState<LastLocation[]>([]);
  /** The city picked from the suggestions, while the field still shows its name. */
  const [picked, setPicked] = useState<CityOption | null>(null);

  useEffect(() => {
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
    clearModalHash();
    const query = params.toString();
    router.push(`${action}${query ? `?${query}` : ''}`);
  };

  const pickSearch = (entry: LastSearch) => {
    rememberSearch(entry);
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
    if (text) rememberSearch({ title: text, variant: 'keyword' });
    navigate(formQuery());
  };

  return (
    <form ref={formRef} id={formId} className="search-form search-bar" role="search" method="get" action={action} aria-label={t('search.label')} onSubmit={onSubmit}>
      <div className="field field--grow search-bar__field">
        <label htmlFor={`${id}-keyword`}>{t('search.keyword')}</label>
        <KeywordCombobox
          id={`${id}-keyword`}
          name={keywordName}
          locale={locale}
          value={keywordText}
          onValueChange={setKeywordText}
          onPick={pickSearch}
          minChars={suggestMinChars}
          placeholder={t('search.keywordPlaceholder')}
          autoFocus={autoFocus}
          listTestId="keyword-suggestions"
        />
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
