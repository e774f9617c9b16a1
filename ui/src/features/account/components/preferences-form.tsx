'use client';
/**
 * Matchmaking preferences (what "Matched for you" is picked from): skills, seniorities, cities
 * (gazetteer slugs chosen from `GET /v2/user-panel/cities` suggestions), remote, lowest salary
 * and its currency.
 */
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { useTranslator } from '@/i18n/board-texts';
import type { Candidate, ExperienceLevel } from '@/lib/candidate';
import { setSessionCandidate } from '@/lib/session';
import type { City, Currency, Locale } from '@/lib/types';
import { profileInput, updateProfile } from '../api/profile';
import { errorText, showServerError } from '../form';
import { parseSkills, preferencesSchema, salaryValue, type PreferencesValues } from '../schemas';
import { suggestCities, useCitySuggestions } from '@/lib/cities';
import { typedCity } from '@/lib/city-names';

export interface PreferenceOptions {
  experienceLevels: { value: ExperienceLevel; label: string }[];
  currencies: Currency[];
  /** Names of the cities the page knows (the board's top cities), by slug. */
  cityNames: Record<string, string>;
}

/** The city input's text, kept by the form so a save can place a city typed but not picked. */
interface TypedText {
  text: string;
  setText: (text: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The typed text names no place: the save stopped on it. */
  unplaced: boolean;
}

function CityPicker({
  locale,
  value,
  onChange,
  names,
  onName,
  typed,
}: {
  locale: Locale;
  value: string[];
  onChange: (cities: string[]) => void;
  names: Record<string, string>;
  onName: (slug: string, name: string) => void;
  typed: TypedText;
}) {
  const t = useTranslator(locale);
  const { text, setText } = typed;
  const suggestions = (useCitySuggestions(text).cities ?? []).filter((city) => !value.includes(city.slug));
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const cityName = (city: City) => (locale === 'en' && city.nameEn ? city.nameEn : city.name);
  const add = (city: City) => {
    onName(city.slug, cityName(city));
    onChange([...value, city.slug]);
    setText('');
  };
  const label = (slug: string) => names[slug] ?? slug.replace(/-/g, ' ').replace(/^\p{L}/u, (letter) => letter.toUpperCase());
  return (
    <fieldset className="form-fieldset">
      <legend>{t('account.cities')}</legend>
      {value.length ? (
        <ul className="pills" data-testid="preference-cities">
          {value.map((slug) => (
            <li key={slug}>
              <button type="button" className="chip" aria-label={t('account.removeCity', { city: label(slug) })} onClick={() => onChange(value.filter((item) => item !== slug))}>
                {label(slug)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form-field">
        <label htmlFor={inputId} className="visually-hidden">
          {t('account.cities')}
        </label>
        <input
          id={inputId}
          ref={typed.inputRef}
          value={text}
          placeholder={t('account.cityPlaceholder')}
          autoComplete="off"
          aria-controls={listId}
          aria-invalid={typed.unplaced || undefined}
          aria-describedby={typed.unplaced ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter takes the suggestion the text names (or the first), never sends the form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const city = typedCity(text, suggestions) ?? suggestions[0];
            if (city) add(city);
          }}
        />
        {typed.unplaced ? (
          <p id={errorId} className="form-field__error" role="alert" data-testid="preference-city-error">
            {t('account.cityNotFound', { city: text.trim() })}
          </p>
        ) : null}
      </div>
      <ul id={listId} className="city-suggestions" aria-live="polite">
        {suggestions.map((city) => (
          <li key={city.slug}>
            <button type="button" className="pill" onClick={() => add(city)}>
              {t('account.addCity')}: {cityName(city)} <span className="muted">{city.region}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function PreferencesForm({ locale, candidate, options }: { locale: Locale; candidate: Candidate; options: PreferenceOptions }) {
  const t = useTranslator(locale);
  const [saved, setSaved] = useState(false);
  const [names, setNames] = useState(options.cityNames);
  const preferences = candidate.preferences;
  const form = useForm<PreferencesValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: {
      skills: preferences.skills.join(', '),
      experienceLevels: preferences.experienceLevels,
      cities: preferences.cities,
      remote: preferences.remote,
      salaryMin: preferences.salaryMin === null ? '' : String(preferences.salaryMin),
      currency: preferences.currency,
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const [cityText, setCityText] = useState('');
  const [cityUnplaced, setCityUnplaced] = useState(false);
  const cityInput = useRef<HTMLInputElement>(null);
  const typed: TypedText = {
    text: cityText,
    setText: (text) => {
      setCityText(text);
      setCityUnplaced(false);
    },
    inputRef: cityInput,
    unplaced: cityUnplaced,
  };
  const save = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const updated = await updateProfile({
        ...profileInput(candidate),
        preferences: { skills: parseSkills(values.skills), experienceLevels: values.experienceLevels, cities: values.cities, remote: values.remote, salaryMin: salaryValue(values.salaryMin), currency: values.currency },
      });
      await setSessionCandidate(updated);
      setSaved(true);
    } catch (error) {
      showServerError(form, error, {
        skills: 'skills',
        'preferences.skills': 'skills',
        experienceLevels: 'experienceLevels',
        cities: 'cities',
        'preferences.cities': 'cities',
        salaryMin: 'salaryMin',
        'preferences.salaryMin': 'salaryMin',
        currency: 'currency',
      });
    }
  });
  // A city typed but not picked joins the chosen ones when the gazetteer names it; otherwise the
  // save stops on it (it used to be dropped without a word).
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = cityText.trim();
    if (text) {
      const city = typedCity(text, await suggestCities(text).then((answer) => answer.cities, () => []));
      if (!city) {
        setCityUnplaced(true);
        cityInput.current?.focus();
        return;
      }
      const chosen = form.getValues('cities');
      if (!chosen.includes(city.slug)) form.setValue('cities', [...chosen, city.slug], { shouldDirty: true });
      setNames((current) => ({ ...current, [city.slug]: locale === 'en' && city.nameEn ? city.nameEn : city.name }));
      setCityText('');
    }
    await save(event);
  };
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="preferences-form" onChange={() => setSaved(false)}>
      <TextField id="pref-skills" label={t('account.skills')} hint={t('account.skillsHint')} error={errorText(t, errors.skills)} {...form.register('skills')} />
      <fieldset className="form-fieldset">
        <legend>{t('account.experienceLevels')}</legend>
        <div className="checkbox-row">
          {options.experienceLevels.map((level) => (
            <label key={level.value} className="checkbox">
              <input type="checkbox" value={level.value} {...form.register('experienceLevels')} />
              {level.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="cities"
        render={({ field }) => (
          <CityPicker
            locale={locale}
            value={field.value}
            onChange={(cities) => {
              field.onChange(cities);
              setSaved(false);
            }}
            names={names}
            onName={(slug, name) => setNames((current) => ({ ...current, [slug]: name }))}
            typed={typed}
          />
        )}
      />
      {errors.cities ? <FormMessage kind="error">{errorText(t, errors.cities)}</FormMessage> : null}
      <label className="checkbox">
        <input type="checkbox" {...form.register('remote')} data-testid="pref-remote" />
        {t('account.remote')}
      </label>
      <div className="form-row">
        <TextField id="pref-salary" label={t('account.salaryMin')} inputMode="decimal" error={errorText(t, errors.salaryMin)} {...form.register('salaryMin')} />
        <SelectField id="pref-currency" label={t('account.currency')} options={options.currencies.map((currency) => ({ value: currency, label: currency.toUpperCase() }))} {...form.register('currency')} />
      </div>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} data-testid="preferences-save">
          {isSubmitting ? t('account.saving') : t('account.save')}
        </button>
        {saved ? <span role="status" className="form-actions__status">{t('account.saved')}</span> : null}
      </div>
    </form>
  );
}
