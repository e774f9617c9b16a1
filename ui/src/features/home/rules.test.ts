import { describe, expect, it } from 'vitest';
import { homeBanner, homeCountPath, homeSections, homeTabs, partnerCompanies } from './rules';

describe('home tabs', () => {
  const all = { candidatePortalLogin: true, favouritesButton: true, matchedForYou: true };

  it('shows newWithSalary and popular to everyone', () => {
    expect(homeTabs({}, false)).toEqual(['newWithSalary', 'popular']);
    expect(homeTabs(all, false)).toEqual(['newWithSalary', 'popular']);
  });

  it('adds favourites and matched-for-you for logged-in users with the flags', () => {
    expect(homeTabs(all, true)).toEqual(['newWithSalary', 'popular', 'favoriteOffers', 'matchedForYou']);
    expect(homeTabs({ ...all, matchedForYou: false }, true)).toEqual(['newWithSalary', 'popular', 'favoriteOffers']);
    expect(homeTabs({ ...all, candidatePortalLogin: false }, true)).toEqual(['newWithSalary', 'popular']);
  });
});

describe('home banner and partners', () => {
  it('picks the remote banner with its flag', () => {
    expect(homeBanner({ remoteBanner: true })).toBe('remote');
    expect(homeBanner({})).toBe('local');
  });

  it('orders partners by current offers', () => {
    const companies = [
      { name: 'B', offersCount: 3 },
      { name: 'A', offersCount: 3 },
      { name: 'C', offersCount: 9 },
    ];
    expect(partnerCompanies(companies, 2).map((company) => company.name)).toEqual(['C', 'A']);
  });
});

describe('home count (flag countAllBoardsOffers)', () => {
  it('counts every board when on, this board when off', () => {
    expect(homeCountPath({ countAllBoardsOffers: true })).toBe('/v2/user-panel/offers/all-boards/count');
    expect(homeCountPath({ countAllBoardsOffers: false })).toBe('/v2/user-panel/offers/count');
  });
});

describe('homeSections', () => {
  const promotion = { imageUrl: '/promo/it.svg', headline: { pl: 'Nagłówek', en: 'Headline' }, link: '/x', linkLabel: { pl: 'Zobacz', en: 'See' } };
  it('shows each flagged section only with its flag, the hero only with a configured one', () => {
    expect(homeSections({}, promotion)).toEqual({ promotion: null, newOffers: false, blog: false });
    expect(homeSections({ promotionalHomepage: true, newOffersList: true, blogShowcase: true }, promotion)).toEqual({ promotion, newOffers: true, blog: true });
    expect(homeSections({ promotionalHomepage: true }, null).promotion).toBeNull();
  });
});
