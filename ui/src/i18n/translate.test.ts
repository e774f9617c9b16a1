import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator, messages, pluralCategory } from './translate';

const MESSAGES_DIR = join(__dirname, '..', '..', 'messages');

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

  // Feature files are merged into one dictionary, so a key in two files silently takes the text of
  // the later one (the company panel once overrode the offer form's URL error this way).
  it('defines each key in one message file only', () => {
    const owners = new Map<string, string[]>();
    for (const file of readdirSync(MESSAGES_DIR).filter((name) => name.endsWith('.json'))) {
      const lang = file.replace(/^.*?\.?(pl|en)\.json$/, '$1');
      for (const key of Object.keys(JSON.parse(readFileSync(join(MESSAGES_DIR, file), 'utf8')))) {
        const id = `${lang}:${key}`;
        owners.set(id, [...(owners.get(id) ?? []), file]);
      }
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
