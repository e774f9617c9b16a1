'use client';
/**
 * Matchmaking preferences (what "Matched for you" is picked from): skills, seniorities, cities
 * (gazetteer slugs chosen from `GET /v2/user-panel/cities` suggestions), remote, lowest salary
 * and its currency. `PreferenceFields` and `useCityInput` are the inputs themselves, shared with
 * the passive-candidate form (`passive-profile-form.tsx`), which stores the same preferences.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FieldErrorText, FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { useTranslator } from '@/i18n/board-texts';
import type { Candidate, ExperienceLevel } from '@/lib/candidate';
import { setSessionCandidate } from '@/lib/session';
import type { City, Currency, Locale } from '@/lib/types';
import { profileInput, updateProfile } from '../api/profile';
import { errorText, showServerError } from '../form';
import { preferenceDefaults, preferencesOf, preferencesSchema, type PreferencesValues } from '../schemas';
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

/** The form values the preference inputs edit (the matched-for-you preferences' own form and the passive profile's). */
type WithPreferences = PreferencesValues;

/** The city input's state kept by a form: what is typed, and the names of the chosen slugs. */
export interface CityInput {
  typed: TypedText;
  names: Record<string, string>;
  setNames: (update: (names: Record<string, string>) => Record<string, string>) => void;
  /**
   * Before saving: a city typed but not picked joins the chosen ones when the gazetteer names it;
   * otherwise the save stops on it (false, the input focused; it used to be dropped without a word).
   */
  resolveTyped: () => Promise<boolean>;
}

export function useCityInput<T extends WithPreferences>(anyForm: UseFormReturn<T>, locale: Locale, initialNames: Record<string, string>, onEdit: () => void = () => undefined): CityInput {
  // Only the preference fields are touched: the form's other values are its own.
  const form = anyForm as unknown as UseFormReturn<WithPreferences>;
  const [names, setNames] = useState(initialNames);
  const [cityText, setCityText] = useState('');
  const [cityUnplaced, setCityUnplaced] = useState(false);
  const cityInput = useRef<HTMLInputElement>(null);
  const typed: TypedText = {
    text: cityText,
    setText: (text) => {
      setCityText(text);
      setCityUnplaced(false);
      onEdit();
    },
    inputRef: cityInput,
    unplaced: cityUnplaced,
  };
  const resolveTyped = async () => {
    const text = cityText.trim();
    if (!text) return true;
    const city = typedCity(text, await suggestCities(text).then((answer) => answer.cities, () => []));
    if (!city) {
      setCityUnplaced(true);
      cityInput.current?.focus();
      return false;
    }
    const chosen = form.getValues('cities');
    if (!chosen.includes(city.slug)) form.setValue('cities', [...chosen, city.slug], { shouldDirty: true });
    setNames((current) => ({ ...current, [city.slug]: locale === 'en' && city.nameEn ? city.nameEn : city.name }));
    setCityText('');
    return true;
  };
  return { typed, names, setNames, resolveTyped };
}

/** Where the server's field names land in the preference inputs. */
export const PREFERENCE_SERVER_FIELDS = {
  skills: 'skills',
  'preferences.skills': 'skills',
  experienceLevels: 'experienceLevels',
  'preferences.experienceLevels': 'experienceLevels',
  cities: 'cities',
  'preferences.cities': 'cities',
  salaryMin: 'salaryMin',
  'preferences.salaryMin': 'salaryMin',
  currency: 'currency',
  'preferences.currency': 'currency',
} as const;

/**
 * The preference inputs: skills, seniorities, cities (picked from the gazetteer's suggestions) and
 * remote, lowest salary and its currency. `required` marks them for the passive profile; `salaryLabel`
 * and `salaryAside` (its period) are the passive profile's own salary wording.
 */
export function PreferenceFields<T extends WithPreferences>({ locale, form: anyForm, options, city, onEdit, required = false, salaryLabel, salaryAside }: { locale: Locale; form: UseFormReturn<T>; options: PreferenceOptions; city: CityInput; onEdit: () => void; required?: boolean; salaryLabel?: string; salaryAside?: ReactNode }) {
  const t = useTranslator(locale);
  const form = anyForm as unknown as UseFormReturn<WithPreferences>;
  const { errors } = form.formState;
  return (
    <>
      <TextField id="pref-skills" label={t('account.skills')} hint={t('account.skillsHint')} required={required} error={errorText(t, errors.skills)} {...form.register('skills')} />
      <fieldset className="form-fieldset" aria-describedby={errors.experienceLevels ? 'pref-levels-error' : undefined}>
        <legend>
          {t('account.experienceLevels')}
          {required ? <span aria-hidden="true"> *</span> : null}
        </legend>
        <div className="checkbox-row">
          {options.experienceLevels.map((level) => (
            <label key={level.value} className="checkbox">
              <input type="checkbox" value={level.value} {...form.register('experienceLevels')} />
              {level.label}
            </label>
          ))}
        </div>
        <FieldErrorText id="pref-levels" error={errorText(t, errors.experienceLevels)} />
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
              onEdit();
            }}
            names={city.names}
            onName={(slug, name) => city.setNames((current) => ({ ...current, [slug]: name }))}
            typed={city.typed}
          />
        )}
      />
      {errors.cities ? <FormMessage kind="error">{errorText(t, errors.cities)}</FormMessage> : null}
      <label className="checkbox">
        <input type="checkbox" {...form.register('remote')} data-testid="pref-remote" />
        {t('account.remote')}
      </label>
      <div className="form-row">
        <TextField id="pref-salary" label={salaryLabel ?? t('account.salaryMin')} inputMode="decimal" required={required} error={errorText(t, errors.salaryMin)} {...form.register('salaryMin')} />
        <SelectField id="pref-currency" label={t('account.currency')} options={options.currencies.map((currency) => ({ value: currency, label: currency.toUpperCase() }))} {...form.register('currency')} />
        {salaryAside}
      </div>
    </>
  );
}

export function PreferencesForm({ locale, candidate, options }: { locale: Locale; candidate: Candidate; options: PreferenceOptions }) {
  const t = useTranslator(locale);
  const [saved, setSaved] = useState(false);
  const preferences = candidate.preferences;
  const form = useForm<PreferencesValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: preferenceDefaults(preferences),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const city = useCityInput(form, locale, options.cityNames, () => setSaved(false));
  const save = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const updated = await updateProfile({ ...profileInput(candidate), preferences: preferencesOf(values) });
      await setSessionCandidate(updated);
      setSaved(true);
    } catch (error) {
      showServerError(form, error, PREFERENCE_SERVER_FIELDS);
    }
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await city.resolveTyped())) return;
    await save(event);
  };
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="preferences-form" onChange={() => setSaved(false)}>
      <PreferenceFields locale={locale} form={form} options={options} city={city} onEdit={() => setSaved(false)} />
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
