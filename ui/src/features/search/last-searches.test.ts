import { describe, expect, it } from 'vitest';
import { addLastLocation, addLastSearch, readLastLocations, readLastSearches, rememberLocation, rememberSearch, type LastSearch } from './last-searches';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('last searches', () => {
  it('keeps the newest 8, newest first', () => {
    let list: LastSearch[] = [];
    for (let index = 1; index <= 10; index += 1) list = addLastSearch(list, { title: `q${index}`, variant: 'keyword' });
    expect(list).toHaveLength(8);
    expect(list[0].title).toBe('q10');
    expect(list[7].title).toBe('q3');
  });

  it('deduplicates by variant and title (case-insensitive), moving the repeat to the front', () => {
    let list: LastSearch[] = [];
    list = addLastSearch(list, { title: 'Java', variant: 'skills' });
    list = addLastSearch(list, { title: 'react', variant: 'keyword' });
    list = addLastSearch(list, { title: 'java', variant: 'keyword' });
    list = addLastSearch(list, { title: ' JAVA ', variant: 'skills' });
    expect(list).toEqual([
      { title: 'JAVA', variant: 'skills' },
      { title: 'java', variant: 'keyword' },
      { title: 'react', variant: 'keyword' },
    ]);
    expect(addLastSearch(list, { title: '   ', variant: 'keyword' })).toEqual(list);
  });

  it('stores under lastSearch and ignores malformed storage', () => {
    const storage = memoryStorage({ lastSearch: '{not json' });
    expect(readLastSearches(storage)).toEqual([]);
    rememberSearch({ title: 'python', variant: 'keyword' }, storage);
    rememberSearch({ title: 'Allegro', variant: 'companies' }, storage);
    expect(JSON.parse(storage.data.get('lastSearch') as string)).toEqual([
      { title: 'Allegro', variant: 'companies' },
      { title: 'python', variant: 'keyword' },
    ]);
    storage.data.set('lastSearch', JSON.stringify([{ title: 'x', variant: 'weird' }, { title: 'ok', variant: 'titles' }, 5]));
    expect(readLastSearches(storage)).toEqual([{ title: 'ok', variant: 'titles' }]);
    expect(readLastSearches(null)).toEqual([]);
  });
});

describe('last locations', () => {
  it('keeps the newest 5 by value, in group lastSearch', () => {
    let list = addLastLocation([], { label: 'Kraków', value: 'krakow' });
    for (const [label, value] of [['Gdańsk', 'gdansk'], ['Łódź', 'lodz'], ['Poznań', 'poznan'], ['Wrocław', 'wroclaw'], ['Lublin', 'lublin']]) {
      list = addLastLocation(list, { label, value });
    }
    expect(list.map((entry) => entry.value)).toEqual(['lublin', 'wroclaw', 'poznan', 'lodz', 'gdansk']);
    list = addLastLocation(list, { label: 'Cracow', value: 'poznan' });
    expect(list.map((entry) => entry.value)).toEqual(['poznan', 'lublin', 'wroclaw', 'lodz', 'gdansk']);
    expect(list[0]).toEqual({ label: 'Cracow', value: 'poznan', group: 'lastSearch' });
  });

  it('stores under lastLocations', () => {
    const storage = memoryStorage();
    rememberLocation({ label: 'Kraków', value: 'krakow' }, storage);
    rememberLocation({ label: 'Kraków', value: 'krakow' }, storage);
    expect(readLastLocations(storage)).toEqual([{ label: 'Kraków', value: 'krakow', group: 'lastSearch' }]);
  });
});
