import { describe, expect, it } from 'vitest';
import { createTranslator, messages, pluralCategory } from './translate';

describe('translate', () => {
  it('chooses Polish plural forms one/few/many', () => {
    const t = createTranslator('pl');
    expect(t('list.count', { count: 1, n: '1' })).toBe('1 oferta');
    expect(t('list.count', { count: 3, n: '3' })).toBe('3 oferty');
    expect(t('list.count', { count: 5, n: '5' })).toBe('5 ofert');
    expect(t('list.count', { count: 22, n: '22' })).toBe('22 oferty');
    expect(t('list.count', { count: 12, n: '12' })).toBe('12 ofert');
    expect(pluralCategory('pl', 112)).toBe('many');
  });

  it('chooses English plural forms', () => {
    const t = createTranslator('en');
    expect(t('list.count', { count: 1, n: '1' })).toBe('1 offer');
    expect(t('list.count', { count: 2, n: '2' })).toBe('2 offers');
  });

  it('has every key in both languages', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.pl).sort());
  });
});
