'use client';
/**
 * The list page's dialogs, opened by the URL hash (see ../hash-modals.ts): more filters
 * (#more-filters), location with radius (#location), the categories drawer with subcategory
 * counts (#categories) and the mobile search drawer (#search). Their submit buttons show how many
 * offers they will give (offers count, 500 ms debounce).
 */
import { useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Dialog } from '@/components/ui/dialog';
import { buildListHref, cityName, emptyFilters, LIST_FILTER_KEYS, toApiQuery, withFilters, type ListFilterKey, type ListFilters } from '@/features/search/filters';
import { salaryFilterMode, sortingEnabled, workplaceFilterShown } from '@/lib/flags';
import { formatNumber } from '@/lib/format';
import { slugify } from '@/lib/text';
import type { Category } from '@/lib/types';
import type { MessageKey } from '@/i18n/translate';
import { useCategoryCounts, useOffersCount } from '../api/count-offers';
import { clearModalHash, useHashModal } from '../hooks/use-hash-modal';
import { CITY_MIN_CHARS } from '@/lib/city-names';
import { cityStartsWith, type CityOption } from '../city-combobox';
import { readLastLocations, rememberLocation, type LastLocation } from '../last-searches';
import { CityPicker } from './city-picker';
import { useList } from './list-context';
import { SearchBar } from './search-bar';
import { SalaryRange } from './salary-range';
import { salaryBounds, salaryCountParams, salaryFilter } from '../salary';

const GROUP_LABEL: Record<ListFilterKey, MessageKey> = {
  employmentTypes: 'list.employmentTypes',
  experienceLevels: 'list.experienceLevels',
  workingTimes: 'list.workingTimes',
  remoteWorkOptions: 'list.remoteWorkOptions',
};

export function ListDialogs() {
  const { modal, close } = useHashModal();
  return (
    <>
      <MoreFiltersDialog open={modal === 'more-filters'} onClose={close} />
      <LocationDialog open={modal === 'location'} onClose={close} />
      <CategoriesDialog open={modal === 'categories'} onClose={close} />
      <SearchDialog open={modal === 'search'} onClose={close} />
    </>
  );
}

/** The submit button text: "Show 1 234 offers" once the count is known. `extra`: parameters added to the count (the salary's, see ../salary.ts). */
function useShowLabel(draft: ListFilters | null, extra: Record<string, string> = {}) {
  const { config, t } = useList();
  const extraText = new URLSearchParams(extra).toString();
  const query = useMemo(() => {
    if (!draft) return null;
    const params = toApiQuery(draft, config);
    for (const [name, value] of new URLSearchParams(extraText)) params.set(name, value);
    return params.toString();
  }, [draft, config, extraText]);
  const { count, loading } = useOffersCount(query);
  return {
    label: count === null ? t('search.showOffers') : t('search.showCount', { count, n: formatNumber(count) }),
    loading,
    count,
  };
}

function ShowButton({ draft, extra, onClick, testId }: { draft: ListFilters | null; extra?: Record<string, string>; onClick: () => void; testId: string }) {
  const { label, loading, count } = useShowLabel(draft, extra);
  return (
    <button type="button" className="button button--primary" onClick={onClick} aria-busy={loading || undefined} data-testid={testId} data-count={count ?? undefined}>
      {label}
    </button>
  );
}

/** Replaces the current entry (the one with the modal hash) by the list address. */
function useApply() {
  const router = useRouter();
  return (href: string, mode: 'push' | 'replace') => {
    clearModalHash();
    // Unchanged filters only close the dialog. A router navigation to the address just written
    // raced the router's own history sync, which could write the dialog's hash back (CI, once).
    if (isCurrentAddress(href)) return;
    if (mode === 'push') router.push(href);
    else router.replace(href);
  };
}

/** Whether `href` (path and query) is the address the window shows now, hash aside. */
function isCurrentAddress(href: string): boolean {
  const target = new URL(href, window.location.href);
  return target.pathname === window.location.pathname && target.search === window.location.search;
}

function MoreFiltersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { config, filters, locale, t } = useList();
  const apply = useApply();
  const [draft, setDraft] = useState<ListFilters>(filters);
  const bounds = salaryBounds(config.salary);
  const mode = salaryFilterMode(config.featureFlags);
  useEffect(() => {
    if (!open) return;
    setDraft(filters);
  }, [open, filters]);
  const change = (changes: Partial<ListFilters>) => setDraft((current) => ({ ...current, ...changes, from: 0 }));
  const toggle = (key: ListFilterKey, value: string) =>
    setDraft((current) => ({ ...current, [key]: current[key].includes(value) ? current[key].filter((item) => item !== value) : [...current[key], value] }));
  const keys = LIST_FILTER_KEYS.filter((key) => key !== 'remoteWorkOptions' || workplaceFilterShown(config.featureFlags));
  // The salary counts only with a minimum above 0 (../salary.ts): the count and the address agree.
  const salary = salaryFilter(draft.salaryMin, mode === 'minimum' ? null : draft.salaryMax);
  const submit = () => {
    apply(buildListHref(withFilters(filters, { ...draft, ...salary, from: 0 }), config, locale), 'replace');
  };
  /** Spec: "Clearing resets to the values in the URL" — the applied filters, not empty ones. */
  const clear = () => setDraft(filters);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('search.moreFilters')}
      closeLabel={t('search.close')}
      size="large"
      testId="more-filters-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={clear} data-testid="more-filters-clear">
            {t('search.clear')}
          </button>
          <ShowButton draft={{ ...draft, salaryMin: null, salaryMax: null }} extra={salaryCountParams(salary.salaryMin, salary.salaryMax, bounds)} onClick={submit} testId="more-filters-submit" />
        </>
      }
    >
      <form
        className="filters-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="filters-form__group">
          <legend>{t('search.salary')}</legend>
          <SalaryRange
            bounds={bounds}
            mode={mode}
            min={draft.salaryMin}
            max={mode === 'minimum' ? null : draft.salaryMax}
            onChange={(min, max) => change({ salaryMin: min, salaryMax: max })}
            unit={`${(filters.currency ?? config.defaultCurrency).toUpperCase()} / ${t('search.perMonth')}`}
            t={t}
          />
          <p className="muted">{t('search.salaryHint', { step: formatNumber(bounds.step) })}</p>
        </fieldset>
        {keys.map((key) => (
          <fieldset key={key} className="filters-form__group">
            <legend>{t(GROUP_LABEL[key])}</legend>
            <div className="check-pills">
              {config.filters[key].map((option) => (
                <label key={option.value} className="check-pill">
                  <input type="checkbox" checked={draft[key].includes(option.value)} onChange={() => toggle(key, option.value)} data-testid={`filter-${key}-${option.value}`} />
                  <span>{option.label[locale]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="filters-form__group">
          <legend>{t('search.other')}</legend>
          {(
            [
              ['withSalary', 'list.withSalary'],
              ['remote', 'list.remote'],
              ['ukraineFriendly', 'list.ukraine'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="toggle-row">
              <input type="checkbox" role="switch" checked={draft[key]} onChange={(event) => change({ [key]: event.target.checked })} />
              <span>{t(label)}</span>
            </label>
          ))}
        </fieldset>
        {sortingEnabled(config.featureFlags) ? (
        <fieldset className="filters-form__group">
          <legend>{t('list.sort')}</legend>
          <div className="check-pills">
            {config.filters.sort.map((option) => (
              <label key={option.value} className="check-pill">
                <input type="radio" name="sort" checked={draft.sort === option.value} onChange={() => change({ sort: option.value })} />
                <span>{option.label[locale]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        ) : null}
      </form>
    </Dialog>
  );
}

function LocationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { config, filters, locale, t } = useList();
  const apply = useApply();
  const [city, setCity] = useState<string | null>(filters.city);
  const [radius, setRadius] = useState<number | null>(filters.radius);
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<LastLocation[]>([]);
  /** The suggestion picked last (its label and region for cities outside the popular ones). */
  const [picked, setPicked] = useState<CityOption | null>(null);
  useEffect(() => {
    if (!open) return;
    setCity(filters.city);
    setRadius(filters.radius);
    setText('');
    setPicked(null);
    setRecent(readLastLocations());
  }, [open, filters]);
  const draft = useMemo(() => withFilters(filters, { city, radius: city ? radius : null }), [filters, city, radius]);
  const name = (slug: string) => (picked?.slug === slug ? picked.label : (recent.find((entry) => entry.value === slug)?.label ?? cityName(config, slug, locale)));
  const short = text.trim().length < CITY_MIN_CHARS;
  const matches = config.topCities.filter((entry) => cityStartsWith(entry, text));
  const choose = (option: CityOption) => {
    setPicked(option);
    setCity(option.slug);
    setText(option.label);
  };
  const submit = () => {
    if (city) setRecent(rememberLocation({ label: name(city), value: city, region: picked?.slug === city ? picked.region : undefined }));
    apply(buildListHref(draft, config, locale), 'push');
  };
  const cityChip = (slug: string, label: string, key: string) => (
    <button key={key} type="button" className="choice-chip" aria-pressed={city === slug} onClick={() => setCity(city === slug ? null : slug)}>
      {label}
    </button>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('search.location')}
      closeLabel={t('search.close')}
      testId="location-dialog"
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              setCity(null);
              setRadius(null);
              setText('');
              setPicked(null);
            }}
          >
            {t('search.clear')}
          </button>
          <ShowButton draft={draft} onClick={submit} testId="location-submit" />
        </>
      }
    >
      <div className="location-form">
        <CityPicker
          id="location-city"
          locale={locale}
          label={t('search.cityInput')}
          text={text}
          onTextChange={setText}
          onPick={choose}
          onEnter={(options) => {
            const exact = options.find((option) => option.slug === slugify(text) || slugify(option.label) === slugify(text)) ?? options[0];
            if (exact) choose(exact);
            else if (slugify(text)) setCity(slugify(text));
          }}
          recent={recent}
          popular={config.topCities}
          shortList={false}
          placeholder={t('search.cityPlaceholder')}
          testId="location-input"
          listTestId="location-suggestions"
        />
        {city ? (
          <p className="location-form__chosen" data-testid="location-chosen">
            {t('search.chosenCity', { city: name(city) })}
          </p>
        ) : null}
        {short && !text.trim() && recent.length ? (
          <section aria-label={t('search.lastLocations')}>
            <h3 className="location-form__heading">{t('search.lastLocations')}</h3>
            <div className="choice-row">{recent.map((entry) => cityChip(entry.value, entry.label, `recent-${entry.value}`))}</div>
          </section>
        ) : null}
        {short ? (
          <section aria-label={t('search.popularCities')}>
            <h3 className="location-form__heading">{text.trim() ? t('search.matchingCities') : t('search.popularCities')}</h3>
            <div className="choice-row">
              {matches.length ? matches.map((entry) => cityChip(entry.slug, cityName(config, entry.slug, locale), entry.slug)) : <p className="muted">{t('search.noOptions')}</p>}
            </div>
          </section>
        ) : null}
        <fieldset className="filters-form__group" disabled={!city}>
          <legend>{t('search.radius')}</legend>
          <div className="check-pills">
            {config.filters.radius.map((entry) => {
              const value = Number(entry.slug) || null;
              return (
                <label key={entry.slug} className="check-pill">
                  <input type="radio" name="radius" checked={(city ? radius : null) === value} onChange={() => setRadius(value)} data-testid={`radius-${entry.slug}`} />
                  <span>{entry.slug === '0' ? t('search.radiusNone') : entry.label}</span>
                </label>
              );
            })}
          </div>
          {!city ? <p className="muted">{t('search.radiusNeedsCity')}</p> : null}
        </fieldset>
      </div>
    </Dialog>
  );
}

function CategoriesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { config, filters, locale, t } = useList();
  const apply = useApply();
  const categories = config.categories.filter((category) => category.slug !== 'it');
  const [parent, setParent] = useState<Category | null>(null);
  const [chosen, setChosen] = useState<string[]>(filters.subcategories);
  useEffect(() => {
    if (!open) return;
    const current = categories.find((category) => category.slug === filters.category);
    setParent(current?.children.length ? current : null);
    setChosen(filters.subcategories);
    // categories derive from config
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, filters]);
  const countQuery = useMemo(() => toApiQuery(withFilters(filters, { category: null, subcategories: [] }), config).toString(), [filters, config]);
  const counts = useCategoryCounts(open && parent ? parent.value : null, countQuery);
  const draft = useMemo(() => (parent ? withFilters(filters, { category: parent.slug, subcategories: chosen }) : null), [parent, chosen, filters]);
  const go = (category: string | null, subcategories: string[] = []) => apply(buildListHref(withFilters(filters, { category, subcategories }), config, locale), 'push');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={parent ? parent.label[locale] : t('list.categories')}
      closeLabel={t('search.close')}
      variant="drawer"
      testId="categories-dialog"
      footer={parent ? <ShowButton draft={draft} onClick={() => go(parent.slug, chosen)} testId="categories-submit" /> : null}
    >
      {parent ? (
        <div className="category-drawer">
          <button type="button" className="category-drawer__back" onClick={() => setParent(null)}>
            ‹ {t('search.allCategories')}
          </button>
          <ul className="category-drawer__list">
            <li>
              <label className="category-drawer__row">
                <input type="checkbox" checked={chosen.length === 0} onChange={() => setChosen([])} />
                <span>{t('search.wholeCategory')}</span>
                <span className="category-drawer__count">{counts ? formatNumber(counts.counts[String(parent.value)] ?? 0) : ''}</span>
              </label>
            </li>
            {parent.children.map((child) => (
              <li key={child.slug}>
                <label className="category-drawer__row">
                  <input
                    type="checkbox"
                    checked={chosen.includes(child.slug)}
                    onChange={() => setChosen((list) => (list.includes(child.slug) ? list.filter((item) => item !== child.slug) : [...list, child.slug]))}
                    data-testid={`subcategory-${child.slug}`}
                  />
                  <span>{child.label[locale]}</span>
                  <span className="category-drawer__count" data-testid={`subcategory-count-${child.slug}`}>
                    {counts ? formatNumber(counts.counts[String(child.value)] ?? 0) : '…'}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ul className="category-drawer__list">
          <li>
            <button type="button" className="category-drawer__row" aria-current={!filters.category || undefined} onClick={() => go(null)}>
              <span>{t('list.allCategories')}</span>
            </button>
          </li>
          {categories.map((category) => (
            <li key={category.slug}>
              {category.static && category.redirectTo ? (
                <a className="category-drawer__row" href={category.redirectTo} target="_blank" rel="noopener">
                  <span>{category.label[locale]}</span>
                  <span aria-hidden="true">↗</span>
                </a>
              ) : (
                <button
                  type="button"
                  className="category-drawer__row"
                  aria-current={category.slug === filters.category || undefined}
                  onClick={() => {
                    if (category.children.length) {
                      setParent(category);
                      setChosen(category.slug === filters.category ? filters.subcategories : []);
                    } else go(category.slug === filters.category ? null : category.slug);
                  }}
                >
                  <span>{category.label[locale]}</span>
                  {category.children.length ? <span aria-hidden="true">›</span> : null}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { config, filters, locale, t } = useList();
  const keep = new URLSearchParams(buildListHref(withFilters(filters, { keyword: null, city: null, radius: null }), config, locale).split('?')[1] ?? '');
  const action = buildListHref({ ...emptyFilters(), category: filters.category, subcategories: filters.subcategories }, config, locale).split('?')[0];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('search.label')}
      closeLabel={t('search.close')}
      variant="drawer"
      testId="search-dialog"
      footer={
        <button type="submit" form="drawer-search-form" className="button button--primary button--block" data-testid="search-drawer-submit">
          {t('search.showOffers')}
        </button>
      }
    >
      <SearchBar
        locale={locale}
        id="drawer-search"
        formId="drawer-search-form"
        action={action}
        keyword={filters.keyword ?? ''}
        city={filters.city ? cityName(config, filters.city, locale) : ''}
        radius={filters.radius}
        hidden={[...keep.entries()]}
        cities={config.topCities}
        radii={config.filters.radius}
        keywordName={config.urlParams.keyword?.[locale] ?? 'keyword'}
        radiusName={config.urlParams.radius?.[locale] ?? 'radius'}
        suggestMinChars={config.limits.suggestMinChars ?? 3}
        hideSubmit
      />
    </Dialog>
  );
}
