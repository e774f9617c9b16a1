import { describe, expect, it } from 'vitest';
import { BANNERS, bannerMatches, pickBanner, type Banner } from './banners';
import { backAction, isTopBarVisible, otherLocations, shareLinks, viewPayload } from './rules';

describe('offer page rules', () => {
  it('goes back only with more than 2 history entries', () => {
    expect(backAction(1)).toBe('root');
    expect(backAction(2)).toBe('root');
    expect(backAction(3)).toBe('history');
  });

  it('hides the mobile top bar at 168 px or less', () => {
    expect(isTopBarVisible(0)).toBe(false);
    expect(isTopBarVisible(168)).toBe(false);
    expect(isTopBarVisible(169)).toBe(true);
  });

  it('builds the view body the API expects', () => {
    expect(viewPayload('it', 'acme-java', new Date('2026-11-26T10:00:00Z'))).toEqual({ brand: 'it', offerSlug: 'acme-java', visitedAt: '2026-11-26T10:00:00.000Z' });
  });

  it('encodes the shared address', () => {
    const links = shareLinks('https://x/job-offer/a b');
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx%2Fjob-offer%2Fa%20b');
    expect(links.linkedin).toContain('url=https%3A%2F%2Fx');
  });

  it('lists the other locations of a multilocation offer', () => {
    const offer = { slug: 'a', multilocation: [{ slug: 'a' }, { slug: 'a-gdansk' }, { slug: 'a-lodz' }] };
    expect(otherLocations(offer).map((location) => location.slug)).toEqual(['a-gdansk', 'a-lodz']);
    expect(otherLocations({ slug: 'a', multilocation: [] })).toEqual([]);
  });
});

describe('banners', () => {
  const banner = (id: string, kind: Banner['kind'], condition: Banner['condition']): Banner => ({ ...BANNERS[0], id, kind, condition });
  const banners = [banner('any', 'category', {}), banner('java', 'category', { categories: ['java'] }), banner('remote', 'remote', { workplace: ['office'] })];

  it('matches by category slug and work mode', () => {
    expect(bannerMatches(banners[1], ['java', 'spring'], 'office')).toBe(true);
    expect(bannerMatches(banners[1], ['python'], 'office')).toBe(false);
    expect(bannerMatches(banners[2], ['python'], 'remote')).toBe(false);
  });

  it('picks at random among the matching banners only', () => {
    expect(pickBanner(banners, 'category', ['python'], 'office', () => 0.99)?.id).toBe('any');
    expect(pickBanner(banners, 'category', ['java'], 'office', () => 0)?.id).toBe('any');
    expect(pickBanner(banners, 'category', ['java'], 'office', () => 0.99)?.id).toBe('java');
    expect(pickBanner(banners, 'remote', ['java'], 'remote', () => 0.5)).toBeNull();
  });

  it('has a category banner for every category and a remote banner for every work mode', () => {
    for (const mode of ['office', 'hybrid', 'remote']) expect(pickBanner(BANNERS, 'remote', ['x'], mode)).not.toBeNull();
    expect(pickBanner(BANNERS, 'category', ['anything'], 'office')).not.toBeNull();
  });
});
