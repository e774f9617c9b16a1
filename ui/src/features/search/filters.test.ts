import { describe, expect, it } from 'vitest';
import fixture from '@/testing/fixtures/config.json';
import type { BoardConfig } from '@/lib/types';
import { activeCurrency, buildListHref, countActiveFilters, currencyChoosable, currencyHref, emptyFilters, parseCurrency, parseListUrl, toApiQuery, toCursorQuery, urlCurrencyValue, withFilters } from './filters';

const config = fixture as unknown as BoardConfig;
const parse = (path: string) => {
  const url = new URL(path, 'http://x');
  const segments = url.pathname.split('/').filter(Boolean);
  return parseListUrl(segments, url.searchParams, config);
};

describe('parseListUrl', () => {
  it('reads city, category and subcategories from the path', () => {
    const { filters, dropped } = parse('/krakow/java/spring,kotlin');
    expect(filters.city).toBe('krakow');
    expect(filters.category).toBe('java');
    expect(filters.subcategories).toEqual(['spring', 'kotlin']);
    expect(dropped).toEqual([]);
  });

  it('treats a first segment that is a category as the category', () => {
    const { filters } = parse('/java/spring');
    expect(filters.city).toBeNull();
    expect(filters.category).toBe('java');
    expect(filters.subcategories).toEqual(['spring']);
  });

  it('reads all-locations as no city', () => {
    expect(parse('/all-locations').filters).toEqual(emptyFilters());
  });

  it('reads Polish parameter names and slugs', () => {
    const { filters, dropped } = parse('/warszawa?typ-umowy=umowa-o-prace,b2b&doswiadczenie=ekspert&rodzaj-pracy=pelny-etat&tryb-pracy=zdalna&widelki=true&praca-zdalna=true&ukraina=true&zarobki=10000,20000&radius=25');
    expect(dropped).toEqual([]);
    expect(filters.employmentTypes).toEqual(['permanent', 'b2b']);
    expect(filters.experienceLevels).toEqual(['expert']);
    expect(filters.workingTimes).toEqual(['full_time']);
    expect(filters.remoteWorkOptions).toEqual(['remote']);
    expect(filters.withSalary && filters.remote && filters.ukraineFriendly).toBe(true);
    expect([filters.salaryMin, filters.salaryMax]).toEqual([10000, 20000]);
    expect(filters.radius).toBe(25);
  });

  it('reads English parameter names and slugs', () => {
    const { filters, dropped } = parse('/all-locations?employment-type=permanent&experience-level=c-level&working-hours=part-time&workplace=hybrid,office&with-salary=true&remote=true&ukraine=1&salary=15000,');
    expect(dropped).toEqual([]);
    expect(filters.employmentTypes).toEqual(['permanent']);
    expect(filters.experienceLevels).toEqual(['c_level']);
    expect(filters.workingTimes).toEqual(['part_time']);
    expect(filters.remoteWorkOptions).toEqual(['hybrid', 'office']);
    expect(filters.withSalary && filters.remote && filters.ukraineFriendly).toBe(true);
    expect([filters.salaryMin, filters.salaryMax]).toEqual([15000, null]);
  });

  it('reads keyword, titles, companies, skills, sort, from and showMap', () => {
    const { filters } = parse('/all-locations?keyword=%20java%20%20dev%20&titles=Java Developer,QA&companies=Acme&skills=Spring,Kafka&sortBy=salary&orderBy=ASC&from=200&showMap=true');
    expect(filters.keyword).toBe('java dev');
    expect(filters.titles).toEqual(['Java Developer', 'QA']);
    expect(filters.companies).toEqual(['Acme']);
    expect(filters.skills).toEqual(['Spring', 'Kafka']);
    expect(filters.sort).toBe('salaryAsc');
    expect(filters.from).toBe(200);
    expect(filters.showMap).toBe(true);
  });

  it('drops malformed values and keeps the rest', () => {
    const { filters, dropped, unknownPath } = parse('/krakow/nosuchcategory?doswiadczenie=junior,wizard&radius=-5&from=abc&widelki=maybe&zarobki=30000,10000&sortBy=random&showMap=perhaps&keyword=java');
    expect(filters.city).toBe('krakow');
    expect(filters.category).toBeNull();
    expect(filters.experienceLevels).toEqual(['junior']);
    expect(filters.radius).toBeNull();
    expect(filters.from).toBe(0);
    expect(filters.withSalary).toBe(false);
    expect(filters.salaryMin).toBeNull();
    expect(filters.sort).toBe('published');
    expect(filters.keyword).toBe('java');
    expect(dropped).toEqual(expect.arrayContaining(['doswiadczenie=wizard', 'radius', 'from', 'widelki', 'zarobki', 'sortBy', 'showMap']));
    expect(unknownPath, 'a path segment that names nothing makes the address a 404').toEqual(['nosuchcategory']);
  });

  it('tells path segments that name no category, subcategory or place', () => {
    const { filters, unknownPath } = parse('/java/django,spring');
    expect(filters.subcategories).toEqual(['spring']);
    expect(unknownPath).toEqual(['django']);
    expect(parse('/kra%3Ckow').filters.city).toBeNull();
    expect(parse('/kra%3Ckow').unknownPath).toEqual(['kra<kow']);
    expect(parse('/nonexistent-page/xyz/abc').unknownPath).toEqual(['xyz', 'abc']);
    expect(parse('/krakow/java/spring').unknownPath).toEqual([]);
  });

  it('turns a typed city name into its slug and drops radius without a city', () => {
    expect(parse('/all-locations?city=Krak%C3%B3w&radius=30').filters).toMatchObject({ city: 'krakow', radius: 30 });
    expect(parse('/all-locations?city=Cracow').filters.city).toBe('krakow');
    expect(parse('/all-locations?city=%C5%81%C3%B3d%C5%BA').filters.city).toBe('lodz');
    expect(parse('/all-locations?radius=30').filters.radius).toBeNull();
  });
});

describe('buildListHref', () => {
  it('writes Polish names and slugs', () => {
    const filters = withFilters(emptyFilters(), {
      city: 'krakow', radius: 30, category: 'java', subcategories: ['spring', 'kotlin'], keyword: 'java',
      employmentTypes: ['permanent'], experienceLevels: ['expert'], withSalary: true, remote: true, salaryMin: 10000, sort: 'salaryDesc',
    });
    expect(buildListHref(filters, config, 'pl')).toBe(
      '/krakow/java/spring,kotlin?keyword=java&radius=30&typ-umowy=umowa-o-prace&doswiadczenie=ekspert&zarobki=10000%2C&praca-zdalna=true&widelki=true&sortBy=salary&orderBy=DESC',
    );
  });

  it('writes English names and slugs', () => {
    const filters = withFilters(emptyFilters(), { employmentTypes: ['mandate_contract'], workingTimes: ['internship'], ukraineFriendly: true });
    expect(buildListHref(filters, config, 'en')).toBe('/all-locations?employment-type=mandate-contract&working-hours=practice-internship&ukraine=true');
  });

  it('round-trips in both languages', () => {
    for (const locale of ['pl', 'en'] as const) {
      const filters = withFilters(emptyFilters(), {
        city: 'warszawa', category: 'python', subcategories: ['django'], radius: 50, keyword: 'data',
        titles: ['Data Engineer'], companies: ['Acme'], skills: ['SQL'], remoteWorkOptions: ['hybrid'],
        workingTimes: ['part_time'], salaryMin: 5000, salaryMax: 9000, withSalary: true, sort: 'newest', from: 100, showMap: true,
      });
      expect(parse(buildListHref(filters, config, locale)).filters).toEqual(filters);
    }
  });

  it('writes a category without a city as the first segment', () => {
    expect(buildListHref(withFilters(emptyFilters(), { category: 'java' }), config, 'pl')).toBe('/java');
  });
});

describe('toApiQuery', () => {
  it('builds the API query with bracket arrays and numeric categories', () => {
    const { filters } = parse('/krakow/java/spring?keyword=java&radius=30&doswiadczenie=mid&praca-zdalna=true&widelki=true&zarobki=10000,20000&from=100');
    const query = toApiQuery(filters, config, { perPage: 100 });
    expect(query.getAll('keywords[]')).toEqual(['java']);
    expect(query.get('city')).toBe('krakow');
    expect(query.get('cityRadiusKm')).toBe('30');
    expect(query.getAll('categories[]')).toEqual(['601']);
    expect(query.getAll('experienceLevels[]')).toEqual(['mid']);
    expect(query.getAll('remoteWorkOptions[]')).toEqual(['remote']);
    expect(query.get('withSalary')).toBe('true');
    expect([query.get('salaryMin'), query.get('salaryMax')]).toEqual(['10000', '20000']);
    expect([query.get('sortBy'), query.get('orderBy'), query.get('page'), query.get('perPage')]).toEqual(['published', 'DESC', '2', '100']);
  });

  it('sends the whole category without subcategories', () => {
    const query = toApiQuery(parse('/java').filters, config);
    expect(query.getAll('categories[]')).toEqual(['6']);
  });
});

describe('countActiveFilters', () => {
  it('counts array entries and 1 for salary, not keyword or showMap', () => {
    const { filters } = parse('/all-locations?typ-umowy=b2b,staz&zarobki=1000,&keyword=x&showMap=true&widelki=true');
    expect(countActiveFilters(filters)).toBe(4);
  });
});

describe('paging, cursor query and salary input', () => {
  it('maps offsets to pages and the by-cursor query', async () => {
    const { pageIndexOf, toCursorQuery, hrefWithFrom } = await import('./filters');
    expect([0, 99, 100, 160, 250].map((from) => pageIndexOf(from))).toEqual([0, 0, 1, 1, 2]);
    const { filters } = parse('/krakow/java?keyword=spring&radius=25&sortBy=newest&orderBy=DESC');
    const query = toCursorQuery(filters, config, 200);
    expect(query.get('from')).toBe('200');
    expect(query.get('itemsCount')).toBe('100');
    expect(query.get('city')).toBe('krakow');
    expect(query.get('cityRadiusKm')).toBe('25');
    expect(query.getAll('keywords[]')).toEqual(['spring']);
    expect(query.get('sortBy')).toBe('newest');
    expect(query.has('page')).toBe(false);
    expect(hrefWithFrom('/krakow?keyword=java', 160)).toBe('/krakow?keyword=java&from=160');
    expect(hrefWithFrom('/krakow?from=160&keyword=java#location', 0)).toBe('/krakow?keyword=java');
  });

  it('keeps an unaligned from (the offer opened last) when parsing', () => {
    expect(parse('/all-locations?from=160').filters.from).toBe(160);
  });

  it('clamps, snaps and orders salary input', async () => {
    const { clampSalary, orderedSalary } = await import('./filters');
    const salary = { min: 0, max: 100000, step: 500 };
    expect(clampSalary('12 345', salary)).toBe(12000);
    expect(clampSalary('250000', salary)).toBe(100000);
    expect(clampSalary('-5', salary)).toBe(0);
    expect(clampSalary('', salary)).toBeNull();
    expect(clampSalary('abc', salary)).toBeNull();
    expect(orderedSalary(20000, 10000)).toEqual([10000, 20000]);
    expect(orderedSalary(null, 10000)).toEqual([null, 10000]);
  });

  it('round-trips every filter through the URL in both languages', () => {
    const url = '/krakow/java/spring?keyword=api&titles=Java Developer&companies=Acme&skills=Kafka&radius=50&typ-umowy=b2b&doswiadczenie=senior&zarobki=10000,30000&widelki=true&praca-zdalna=true&ukraina=true&sortBy=salary&orderBy=DESC';
    const { filters } = parse(url);
    const polish = buildListHref(filters, config, 'pl');
    const english = buildListHref(filters, config, 'en');
    expect(english).toContain('employment-type=b2b');
    expect(english).toContain('with-salary=true');
    const fromPolish = parse(polish).filters;
    const fromEnglish = parse(english).filters;
    expect(fromPolish).toEqual(filters);
    expect(fromEnglish).toEqual(filters);
  });
});

describe('currency in the list URL', () => {
  const noChoice = { ...config, featureFlags: { ...config.featureFlags, currencyChange: false } } as BoardConfig;

  it('reads a board currency in any case, under the same name in both languages', () => {
    const { filters, dropped } = parse('/all-locations?currency=EUR');
    expect(filters.currency).toBe('eur');
    expect(dropped).toEqual([]);
    expect(buildListHref(filters, config, 'pl')).toBe('/all-locations?currency=eur');
    expect(buildListHref(filters, config, 'en')).toBe('/all-locations?currency=eur');
  });

  it('drops malformed, unknown and default values (the default is written by omission)', () => {
    for (const value of ['xyz', 'eu', '', 'pln', 'PLN']) {
      const { filters, dropped } = parse(`/all-locations?currency=${value}`);
      expect(filters.currency).toBeNull();
      expect(dropped).toEqual(['currency']);
    }
    const { filters, dropped } = parse('/krakow?currency=<b>&keyword=java');
    expect([filters.currency, filters.keyword, dropped]).toEqual([null, 'java', ['currency']]);
  });

  it('reads the localized name and rewrites it as `currency`', () => {
    const { filters, dropped } = parse('/all-locations?waluta=gbp');
    expect(filters.currency).toBe('gbp');
    expect(dropped).toEqual(['waluta']);
    expect(buildListHref(filters, config, 'pl')).toBe('/all-locations?currency=gbp');
  });

  it('drops currency on a board without the currencyChange flag or outside its list', () => {
    const url = new URL('http://x/all-locations?currency=eur');
    expect(parseListUrl(['all-locations'], url.searchParams, noChoice)).toEqual({ filters: emptyFilters(), dropped: ['currency'], unknownPath: [] });
    const two = { ...config, currencies: ['pln', 'eur'] } as BoardConfig;
    expect(parseListUrl(['all-locations'], new URLSearchParams('currency=usd'), two).filters.currency).toBeNull();
    expect(currencyChoosable(noChoice)).toBe(false);
    expect(currencyChoosable({ ...config, currencies: ['pln'] } as BoardConfig)).toBe(false);
    expect(parseCurrency('chf', config)).toBe('chf');
    expect(parseCurrency('chf', noChoice)).toBeNull();
  });

  it('keeps the currency next to other filters and through withFilters', () => {
    const { filters } = parse('/krakow/java?keyword=java&zarobki=5000,&currency=eur&from=200');
    const href = buildListHref(filters, config, 'en');
    expect(href).toBe('/krakow/java?keyword=java&salary=5000%2C&currency=eur&from=200');
    expect(parse(href).filters).toEqual(filters);
    expect(buildListHref(withFilters(filters, { withSalary: true }), config, 'pl')).toContain('currency=eur');
  });

  it('sends the currency with every list, count and cursor query (salary bounds are read in it)', () => {
    const filters = withFilters(emptyFilters(), { currency: 'eur', salaryMin: 5000, salaryMax: 8000 });
    const query = toApiQuery(filters, config);
    expect([query.get('currency'), query.get('salaryMin'), query.get('salaryMax')]).toEqual(['eur', '5000', '8000']);
    expect(toCursorQuery(filters, config, 100).get('currency')).toBe('eur');
    expect(toApiQuery(emptyFilters(), config).has('currency')).toBe(false);
    expect(activeCurrency(filters, config)).toBe('eur');
    expect(activeCurrency(emptyFilters(), config)).toBe('pln');
  });

  it('links to another currency, the default explicitly (the cookie would apply otherwise)', () => {
    const filters = withFilters(emptyFilters(), { currency: 'eur', withSalary: true, from: 300 });
    expect(currencyHref(filters, config, 'pl', 'usd')).toBe('/all-locations?widelki=true&currency=usd');
    expect(currencyHref(filters, config, 'pl', 'pln')).toBe('/all-locations?widelki=true&currency=pln');
    expect(currencyHref(emptyFilters(), config, 'en', 'pln')).toBe('/all-locations?currency=pln');
  });

  it('finds the raw currency value of an address', () => {
    expect(urlCurrencyValue(new URLSearchParams('currency=xyz'), config)).toBe('xyz');
    expect(urlCurrencyValue({ waluta: 'eur' }, config)).toBe('eur');
    expect(urlCurrencyValue({ keyword: 'java' }, config)).toBeNull();
  });

  it('does not count the currency as a filter', () => {
    expect(countActiveFilters(withFilters(emptyFilters(), { currency: 'eur' }))).toBe(0);
  });
});
