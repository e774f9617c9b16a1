import { describe, expect, it } from 'vitest';
import { createTranslator } from '@/i18n/translate';
import { listHeading } from './heading';

const t = createTranslator('pl');

describe('listHeading (flag listCounter)', () => {
  it('leads with the count when the flag is on', () => {
    expect(listHeading({ listCounter: true }, t, 1234, ['Kraków +25 km'])).toBe('1\u00a0234 oferty: Kraków +25 km');
    expect(listHeading({ listCounter: true }, t, 5, [])).toBe('5 ofert');
  });

  it('names the list without a count when it is off', () => {
    expect(listHeading({ listCounter: false }, t, 1234, ['Kraków +25 km'])).toBe('Oferty pracy: Kraków +25 km');
    expect(listHeading({}, t, 5, [])).toBe('Oferty pracy');
  });
});
