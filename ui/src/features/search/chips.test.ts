import { describe, expect, it } from 'vitest';
import fixture from '@/testing/fixtures/config.json';
import type { BoardConfig } from '@/lib/types';
import { parseListUrl } from '@/features/search/filters';
import { createTranslator } from '@/i18n/translate';
import { activeChips } from './chips';

const config = fixture as unknown as BoardConfig;

describe('activeChips', () => {
  it('gives each filter a chip whose link removes only that filter', () => {
    const url = new URL('http://x/krakow/java/spring,kotlin?keyword=java&radius=30&widelki=true&typ-umowy=b2b&sortBy=newest&orderBy=DESC');
    const { filters } = parseListUrl(url.pathname.split('/').filter(Boolean), url.searchParams, config);
    const chips = Object.fromEntries(activeChips(filters, config, 'pl', createTranslator('pl')).map((chip) => [chip.id, chip]));
    expect(chips.keyword.href).toBe('/krakow/java/spring,kotlin?radius=30&typ-umowy=b2b&widelki=true&sortBy=newest&orderBy=DESC');
    expect(chips.city.href).toBe('/java/spring,kotlin?keyword=java&typ-umowy=b2b&widelki=true&sortBy=newest&orderBy=DESC');
    expect(chips.radius.label).toBe('+30 km');
    expect(chips['sub:spring'].href).toContain('/krakow/java/kotlin?');
    expect(chips.withSalary.href).not.toContain('widelki');
    expect(chips['employmentTypes:b2b'].label).toBe('B2B');
    expect(chips.sort.href).not.toContain('sortBy');
    expect(chips.category).toBeUndefined();
  });

  it('labels chips in English', () => {
    const { filters } = parseListUrl(['python'], new URLSearchParams('with-salary=true'), config);
    const chips = activeChips(filters, config, 'en', createTranslator('en'));
    expect(chips.map((chip) => chip.label)).toEqual(['Python', 'With salary']);
    expect(chips[0].href).toBe('/all-locations?with-salary=true');
  });

  it('gives a non-default currency a chip that goes back to the default (explicitly, over the cookie)', () => {
    const { filters } = parseListUrl(['krakow'], new URLSearchParams('with-salary=true&currency=eur'), config);
    const chips = activeChips(filters, config, 'en', createTranslator('en'));
    const currency = chips.find((chip) => chip.id === 'currency');
    expect(currency?.label).toBe('Currency: EUR');
    expect(currency?.href).toBe('/krakow?with-salary=true&currency=pln');
    expect(chips.find((chip) => chip.id === 'withSalary')?.href).toBe('/krakow?currency=eur');
    expect(activeChips({ ...filters, currency: null }, config, 'pl', createTranslator('pl')).some((chip) => chip.id === 'currency')).toBe(false);
  });
});
