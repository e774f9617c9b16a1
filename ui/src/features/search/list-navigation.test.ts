import { describe, expect, it } from 'vitest';
import { decodeNavigation, encodeNavigation, fromOfSearch, listIdentity, navigationCookie, readNavigationCookie, type ListNavigation } from './list-navigation';

const navigation: ListNavigation = {
  from: 160,
  itemsCount: 100,
  params: { sort: { sortBy: 'published', orderBy: 'DESC' }, currency: 'pln' },
  path: '/kraków?keyword=żółw',
  top: 212,
};

describe('list navigation cookie', () => {
  it('round-trips base64 JSON (non-ASCII too)', () => {
    expect(decodeNavigation(encodeNavigation(navigation))).toEqual(navigation);
    expect(JSON.parse(atob(encodeNavigation({ ...navigation, path: '/x' }))).from).toBe(160);
  });

  it('is a one-year cookie read back from document.cookie', () => {
    const cookie = navigationCookie(navigation);
    expect(cookie).toMatch(/^offersListNavigation=[^;]+; path=\/; max-age=31536000; samesite=lax$/);
    const value = cookie.split(';')[0];
    expect(readNavigationCookie(`a=1; ${value}; b=2`)).toEqual(navigation);
    expect(readNavigationCookie('a=1')).toBeNull();
    expect(decodeNavigation('%%%')).toBeNull();
    expect(decodeNavigation(btoa('{"x":1}'))).toBeNull();
  });

  it('identifies a list without from and hash', () => {
    expect(listIdentity('/krakow?keyword=java&from=160#location')).toBe('/krakow?keyword=java');
    expect(listIdentity('/krakow?from=5')).toBe('/krakow');
    expect(fromOfSearch('?keyword=java&from=160')).toBe(160);
    expect(fromOfSearch('?from=abc')).toBeNull();
    expect(fromOfSearch('')).toBeNull();
  });
});
