'use client';
/**
 * Section 9: the locations (city from the board's gazetteer, street), as many as the plan allows
 * (the alert at the limit points to sales), and their pins on the map. The city field suggests
 * the whole gazetteer as one types (`GET /v2/user-panel/cities`); a city picked or typed in full
 * gets its map centre and a line saying it was found, a name the gazetteer does not know a line
 * saying so (the server refuses it with `location_not_found`, the ZERO_RESULTS case).
 */
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { OfferLocationMap } from '@/features/map/components/offer-location-map';
import { useCitySuggestions } from '@/lib/cities';
import { CITY_MIN_CHARS, namedCity } from '@/lib/city-names';
import type { SectionProps } from './form-kit';

/** The gazetteer city of a typed name (case-insensitive, label or slug). */
export function findCity(cities: SectionProps['inputs']['cities'], typed: string) {
  const wanted = typed.trim().toLowerCase();
  return cities.find((city) => city.label.toLowerCase() === wanted || city.value === wanted) ?? null;
}

/** Puts location `index` on the map at a gazetteer place (or takes it off with `null`). */
function placeLocation(form: SectionProps['form'], index: number, place: { latitude: number; longitude: number } | null) {
  form.setValue(`locations.${index}.latitude`, place ? place.latitude : null);
  form.setValue(`locations.${index}.longitude`, place ? place.longitude : null);
  form.setValue(`locations.${index}.countryCode`, place ? 'PL' : '');
}

/** One location's city: gazetteer suggestions while typing, and whether the place was found. */
function CityField({ props, index }: { props: SectionProps; index: number }) {
  const { form, t, inputs, error } = props;
  const field = form.register(`locations.${index}.city`);
  const text = form.watch(`locations.${index}.city`) ?? '';
  const placed = form.watch(`locations.${index}.latitude`) !== null && form.watch(`locations.${index}.latitude`) !== undefined;
  const { cities: suggested, loading } = useCitySuggestions(text);
  // A name typed in full (not picked from the list) is placed once the gazetteer names it.
  useEffect(() => {
    if (placed || loading || !suggested) return;
    const city = namedCity(text, suggested);
    if (city) placeLocation(form, index, city);
  }, [placed, loading, suggested, text, form, index]);
  const listId = `offer-cities-${index}`;
  const named = text.trim().length >= CITY_MIN_CHARS;
  const unknown = named && !placed && !loading && suggested !== null && !namedCity(text, suggested);
  return (
    <div className="location-city">
      <datalist id={listId}>
        {(suggested ?? inputs.cities.map((city) => ({ name: city.label, slug: city.value, region: '' }))).map((city) => (
          <option key={city.slug} value={city.name}>
            {city.region}
          </option>
        ))}
      </datalist>
      <TextField
        id={`location-${index}-city`}
        label={t('employer.offerForm.city')}
        required
        list={listId}
        autoComplete="off"
        error={error(`locations.${index}.city`)}
        {...field}
        onChange={(event) => {
          void field.onChange(event);
          const city = findCity(inputs.cities, event.target.value);
          placeLocation(form, index, city ? city.mapCenter : null);
        }}
      />
      {named && (placed || unknown) ? (
        <p className={placed ? 'location-status location-status--found' : 'location-status'} role="status" data-testid={`location-status-${index}`} data-found={placed}>
          {placed ? t('employer.offerForm.cityFound', { city: text.trim() }) : t('employer.offerForm.cityUnknown', { city: text.trim() })}
        </p>
      ) : null}
    </div>
  );
}

export function LocationsField(props: SectionProps) {
  const { form, t, limits, locale, error } = props;
  const rows = useFieldArray({ control: form.control, name: 'locations' });
  const locations = form.watch('locations');
  const atLimit = rows.fields.length >= limits.maxLocationsCount;
  const pins = locations
    .map((location, index) => ({ slug: `location-${index}`, city: location.city, street: location.street || null, latitude: location.latitude ?? 0, longitude: location.longitude ?? 0 }))
    .filter((pin) => pin.latitude !== 0 || pin.longitude !== 0);
  const listError = error('locations');
  return (
    <div className="locations-field">
      {listError ? (
        <p className="form-field__error" data-testid="locations-error">
          {listError}
        </p>
      ) : null}
      <ol className="location-rows">
        {rows.fields.map((row, index) => {
          return (
            <li key={row.id} className="form-row location-row" data-testid="location-row">
              <CityField props={props} index={index} />
              <TextField id={`location-${index}-street`} label={t('employer.offerForm.street')} required autoComplete="off" error={error(`locations.${index}.street`)} {...form.register(`locations.${index}.street`)} />
              {rows.fields.length > 1 ? (
                <button type="button" className="button button--small" onClick={() => rows.remove(index)}>
                  {t('employer.offerForm.remove')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {atLimit ? (
        <div className="alert alert--warning" role="status" data-testid="locations-limit">
          <p>{t('employer.offerForm.locationsLimit', { count: limits.maxLocationsCount })}</p>
        </div>
      ) : (
        <button type="button" className="button button--small" onClick={() => rows.append({ city: '', street: '', latitude: null, longitude: null, countryCode: '' })} data-testid="add-location">
          {t('employer.offerForm.addLocation')}
        </button>
      )}
      <OfferLocationMap locations={pins} current="location-0" locale={locale} />
    </div>
  );
}
