'use client';
/**
 * Section 9: the locations (city from the board's gazetteer, street), as many as the plan allows
 * (the alert at the limit points to sales), and their pins on the map. A city picked from the
 * list gets its map centre; a city the gazetteer does not know is refused by the server with
 * `location_not_found` (the ZERO_RESULTS case).
 */
import { useFieldArray } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { OfferLocationMap } from '@/features/map/components/offer-location-map';
import type { SectionProps } from './form-kit';

/** The gazetteer city of a typed name (case-insensitive, label or slug). */
export function findCity(cities: SectionProps['inputs']['cities'], typed: string) {
  const wanted = typed.trim().toLowerCase();
  return cities.find((city) => city.label.toLowerCase() === wanted || city.value === wanted) ?? null;
}

export function LocationsField(props: SectionProps) {
  const { form, t, inputs, limits, locale, error } = props;
  const rows = useFieldArray({ control: form.control, name: 'locations' });
  const locations = form.watch('locations');
  const atLimit = rows.fields.length >= limits.maxLocationsCount;
  const onCity = (index: number, value: string) => {
    const city = findCity(inputs.cities, value);
    form.setValue(`locations.${index}.latitude`, city ? city.mapCenter.latitude : null);
    form.setValue(`locations.${index}.longitude`, city ? city.mapCenter.longitude : null);
    form.setValue(`locations.${index}.countryCode`, city ? 'PL' : '');
  };
  const pins = locations
    .map((location, index) => ({ slug: `location-${index}`, city: location.city, street: location.street || null, latitude: location.latitude ?? 0, longitude: location.longitude ?? 0 }))
    .filter((pin) => pin.latitude !== 0 || pin.longitude !== 0);
  const listError = error('locations');
  return (
    <div className="locations-field">
      <datalist id="offer-cities">
        {inputs.cities.map((city) => (
          <option key={city.value} value={city.label} />
        ))}
      </datalist>
      {listError ? (
        <p className="form-field__error" data-testid="locations-error">
          {listError}
        </p>
      ) : null}
      <ol className="location-rows">
        {rows.fields.map((row, index) => {
          const city = form.register(`locations.${index}.city`);
          return (
            <li key={row.id} className="form-row location-row" data-testid="location-row">
              <TextField
                id={`location-${index}-city`}
                label={t('employer.offerForm.city')}
                required
                list="offer-cities"
                autoComplete="off"
                error={error(`locations.${index}.city`)}
                {...city}
                onChange={(event) => {
                  void city.onChange(event);
                  onCity(index, event.target.value);
                }}
              />
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
