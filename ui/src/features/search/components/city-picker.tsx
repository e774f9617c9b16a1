'use client';
/**
 * The city field with suggestions (search bar and location dialog): an ARIA 1.2 combobox. From 2
 * typed characters it lists gazetteer cities (`GET /v2/user-panel/cities`, 200 ms debounce) with
 * their voivodeship; an empty or short field lists the last 5 locations and popular cities (unless
 * `shortList` is off). Arrow keys move the active option, Enter picks it, Escape closes the list
 * (not a surrounding dialog), a click picks. The input is a plain text field, so a form using it
 * still works without JavaScript (the typed name is sent).
 */
import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { createTranslator } from '@/i18n/translate';
import type { City, Locale } from '@/lib/types';
import { useCitySuggestions } from '@/lib/cities';
import { CITY_MIN_CHARS } from '@/lib/city-names';
import { cityOptions, closedCombo, comboKey, comboReducer, optionsKey, type CityOption } from '../city-combobox';
import type { LastLocation } from '../last-searches';

export interface CityPickerProps {
  /** The input's id; the listbox is `${id}-list`, options `${id}-option-${index}`. */
  id: string;
  /** Form field name (the search bar sends `city`). */
  name?: string;
  locale: Locale;
  label: string;
  className?: string;
  text: string;
  onTextChange: (text: string) => void;
  onPick: (option: CityOption) => void;
  recent: LastLocation[];
  popular: City[];
  /** List the last locations and popular cities while the field is empty or short. */
  shortList?: boolean;
  /** Enter with no active option; gets the options currently listed. */
  onEnter?: (options: CityOption[]) => void;
  placeholder?: string;
  testId?: string;
  listTestId?: string;
}

export function CityPicker({
  id,
  name,
  locale,
  label,
  className = 'field search-bar__field',
  text,
  onTextChange,
  onPick,
  recent,
  popular,
  shortList = true,
  onEnter,
  placeholder,
  testId,
  listTestId,
}: CityPickerProps) {
  const t = createTranslator(locale);
  const [state, dispatch] = useReducer(comboReducer, closedCombo);
  // Nothing is fetched for the prefilled value until the field is used.
  const [engaged, setEngaged] = useState(false);
  if (state.open && !engaged) setEngaged(true);
  const suggestions = useCitySuggestions(engaged ? text : '');
  const options = useMemo(
    () => cityOptions({ text, locale, recent, popular, suggested: suggestions.cities, shortList }),
    [text, locale, recent, popular, suggestions.cities, shortList],
  );
  const key = optionsKey(options);
  const previous = useRef(options);
  useEffect(() => {
    const activeSlug = state.active >= 0 ? previous.current[state.active]?.slug : undefined;
    previous.current = options;
    dispatch({ type: 'options', index: activeSlug ? options.findIndex((option) => option.slug === activeSlug) : -1 });
    // Only a new list matters, not a new active option.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const typedEnough = text.trim().length >= CITY_MIN_CHARS;
  const expanded = state.open && options.length > 0;
  const empty = state.open && typedEnough && !suggestions.loading && options.length === 0;

  const pick = (option: CityOption) => {
    dispatch({ type: 'close' });
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const intent = comboKey(state, event.key, options.length);
    if (intent.kind === 'action') {
      if (event.key !== 'Tab') event.preventDefault();
      dispatch(intent.action);
    } else if (intent.kind === 'pick') {
      event.preventDefault();
      pick(options[intent.index]);
    } else if (intent.kind === 'escape') {
      // Closing the list must not close a surrounding dialog.
      event.preventDefault();
      event.stopPropagation();
      dispatch({ type: 'close' });
    } else if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      dispatch({ type: 'close' });
      onEnter(options);
    }
  };

  // Keep the active option in view while arrowing through a scrolled list.
  useEffect(() => {
    if (state.active < 0) return;
    document.getElementById(`${id}-option-${state.active}`)?.scrollIntoView({ block: 'nearest' });
  }, [state.active, id]);

  const groupLabel = (group: CityOption['group']) =>
    group === 'recent' ? t('search.lastLocations') : group === 'popular' ? t('search.popularCities') : t('search.matchingCities');

  let lastGroup: CityOption['group'] | null = null;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && state.active >= 0 ? optionId(state.active) : undefined}
        aria-busy={suggestions.loading || undefined}
        value={text}
        maxLength={80}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        onChange={(event) => {
          onTextChange(event.target.value);
          dispatch({ type: 'input' });
        }}
        onFocus={() => dispatch({ type: 'open' })}
        onClick={() => dispatch({ type: 'open' })}
        onBlur={() => dispatch({ type: 'close' })}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
      <ul className="search-bar__popup city-picker__list" role="listbox" id={listId} aria-label={label} hidden={!expanded} data-testid={listTestId}>
        {expanded
          ? options.map((option, index) => {
              const heading = option.group !== lastGroup ? groupLabel(option.group) : null;
              lastGroup = option.group;
              return [
                heading ? (
                  <li key={`group-${option.group}`} role="presentation" className="search-bar__group">
                    {heading}
                  </li>
                ) : null,
                <li
                  key={`${option.group}-${option.slug}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === state.active}
                  className="search-bar__option"
                  data-slug={option.slug}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                  onMouseMove={() => dispatch({ type: 'hover', index })}
                >
                  <span className="city-picker__name">{option.label}</span>
                  {option.region ? <span className="search-bar__hint">{option.region}</span> : null}
                </li>,
              ];
            })
          : null}
      </ul>
      {empty ? (
        <p className="search-bar__popup city-picker__empty" role="status">
          {t('search.noCities')}
        </p>
      ) : null}
    </div>
  );
}
