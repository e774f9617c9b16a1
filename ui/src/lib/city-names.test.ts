import { describe, expect, it } from 'vitest';
import type { City } from '@/lib/types';
import { foldCityName, namedCity, typedCity } from './city-names';

const city = (name: string, slug: string, nameEn: string | null = null): City => ({ name, nameEn, slug, region: 'x', latitude: 0, longitude: 0 });

describe('typedCity', () => {
  const suggestions = [city('Gdańsk', 'gdansk'), city('Gdynia', 'gdynia'), city('Warszawa', 'warszawa', 'Warsaw')];

  it('finds the suggestion the text names, without diacritics or case', () => {
    expect(typedCity('Gdańsk', suggestions)?.slug).toBe('gdansk');
    expect(typedCity('  gdansk ', suggestions)?.slug).toBe('gdansk');
    expect(typedCity('Warsaw', suggestions)?.slug).toBe('warszawa');
  });

  it('takes the only suggestion, and none when the text names no one of several', () => {
    expect(typedCity('Gdy', [city('Gdynia', 'gdynia')])?.slug).toBe('gdynia');
    expect(typedCity('Gd', suggestions)).toBeNull();
    expect(typedCity('Qwxzville', [])).toBeNull();
    expect(typedCity('   ', suggestions)).toBeNull();
  });

  it('folds Polish letters', () => {
    expect(foldCityName('Łódź')).toBe('lodz');
    expect(foldCityName('ZIELONA  Góra')).toBe('zielona gora');
  });

  it('names only an exact place for the map pin', () => {
    expect(namedCity('gdansk', suggestions)?.slug).toBe('gdansk');
    expect(namedCity('Gdy', [city('Gdynia', 'gdynia')])).toBeNull();
  });
});
