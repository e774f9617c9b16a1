import { describe, expect, it, vi } from 'vitest';
import fixture from '@/testing/fixtures/config.json';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { buildListHref, emptyFilters, parseListUrl, withFilters, type ListFilters } from '@/features/search/filters';
import type { BoardConfig } from '@/lib/types';
import { createSwitchDebouncer, SWITCH_DEBOUNCE_MS, type Timers } from './debounce';
import { entryRequest } from './entry';
import { activationOutcome, creationErrorKey } from './errors';
import { defaultName, fromAlertFilters, NAME_MAX, nameSafe, searchKey, searchTags, searchUrlOf, toAlertFilters } from './filters';
import { addSearch, LOCAL_LIMIT, parseStore, removeSearch, rewriteStoredUrl, serializeStore, STORE_VERSION, type LocalSearch } from './local-store';
import { candidateAlertSchema, emailRule, guestAlertSchema, nameRule } from './schema';
import { hideSubMessageCookie, isSubMessageHidden } from './sub-message';

const config = fixture as unknown as BoardConfig;
const t = createTranslator('pl');
const parse = (path: string) => {
  const url = new URL(path, 'http://x');
  return parseListUrl(url.pathname.split('/').filter(Boolean), url.searchParams, config).filters;
};

describe('filters object ⇄ list filters', () => {
  const addresses = [
    '/all-locations',
    '/krakow?keyword=java&radius=25',
    '/krakow/javascript/react,vue?typ-umowy=b2b,umowa-o-prace&doswiadczenie=senior',
    '/warszawa/php?zarobki=10000,20000&currency=eur&widelki=true&ukraina=true',
    '/all-locations?praca-zdalna=true&skills=rust,go&companies=Acme&titles=Backend%20Developer',
    '/javascript?tryb-pracy=hybrydowa&rodzaj-pracy=full_time',
  ];
  for (const address of addresses) {
    it(`round-trips ${address} without loss`, () => {
      const filters = parse(address);
      const back = fromAlertFilters(toAlertFilters(filters, config), config);
      expect(searchKey(back, config)).toBe(searchKey(filters, config));
      expect(buildListHref(back, config, 'pl')).toBe(buildListHref(withFilters(filters, { sort: 'published' }), config, 'pl'));
    });
  }

  it('writes the spec names', () => {
    const filters = parse('/krakow/javascript/react?keyword=java&typ-umowy=b2b&doswiadczenie=senior&zarobki=10000,20000&praca-zdalna=true&ukraina=true');
    expect(toAlertFilters(filters, config)).toEqual({
      categories: ['react'],
      localization: { city: 'krakow', radius: null },
      salary: { from: 10000, to: 20000, currency: 'pln' },
      employmentTypes: ['b2b'],
      experiences: ['senior'],
      workingTimes: [],
      remoteWorkOptions: [],
      friendlyOffer: true,
      remote: true,
      withSalary: false,
      search: { keywords: ['java'], companyNames: [], skills: [], jobTitles: [] },
    });
  });

  it('reads what the API answers: remote as a work option, the currency as pln or default', () => {
    const filters = fromAlertFilters(
      { categories: ['javascript'], localization: { city: 'krakow', radius: 10 }, remote: true, remoteWorkOptions: ['remote', 'hybrid'], salary: { from: 5000, to: null, currency: 'default' } },
      config,
    );
    expect(filters.remote).toBe(true);
    expect(filters.remoteWorkOptions).toEqual(['hybrid']);
    expect(filters.currency).toBeNull();
    expect(filters.category).toBe('javascript');
    expect(filters.radius).toBe(10);
    // The same search as the list's address with the work option instead of the switch.
    expect(searchKey(filters, config)).toBe(searchKey(parse('/krakow/javascript?radius=10&tryb-pracy=zdalna,hybrydowa&zarobki=5000,'), config));
  });

  it('drops what the board does not know', () => {
    const filters = fromAlertFilters({ categories: ['nope'], employmentTypes: ['b2b', 'slavery'], salary: { from: null, to: null, currency: 'xyz' } } as never, config);
    expect(filters.category).toBeNull();
    expect(filters.employmentTypes).toEqual(['b2b']);
    expect(filters.currency).toBeNull();
  });

  it('ignores offset, map and sort in the saved address and its identity', () => {
    const filters: ListFilters = { ...parse('/krakow?keyword=java'), from: 300, showMap: true, sort: 'newest' };
    expect(searchUrlOf(filters, config, 'pl')).toBe('/krakow?keyword=java');
    expect(searchKey(filters, config)).toBe(searchKey(parse('/krakow?keyword=java'), config));
    // The English address of the same search is the same search.
    expect(searchKey(parse('/krakow?keyword=java&employment-type=b2b'), config)).toBe(searchKey(parse('/krakow?keyword=java&typ-umowy=b2b'), config));
  });
});

describe('default name', () => {
  it('joins the tags with commas', () => {
    const tags = searchTags(parse('/krakow/javascript/react?keyword=java&typ-umowy=b2b'), config, 'pl', t);
    expect(tags[0]).toBe('java');
    expect(defaultName(tags, 'x')).toBe(tags.map(nameSafe).join(', '));
    expect(nameRule.safeParse(defaultName(tags, 'x')).success).toBe(true);
  });

  it('cuts by whole tags to 999 characters', () => {
    const tag = 'a'.repeat(300);
    const name = defaultName([tag, tag, tag, tag], 'x');
    expect(name).toBe([tag, tag, tag].join(', '));
    expect(name.length).toBeLessThanOrEqual(NAME_MAX);
    expect(defaultName(['b'.repeat(1200)], 'x')).toHaveLength(NAME_MAX);
  });

  it('turns characters a name may not hold into spaces and falls back without tags', () => {
    expect(defaultName(['node.js', 'C#', '.NET'], 'x')).toBe('node js, C#, NET');
    expect(defaultName([], 'Wszystkie oferty')).toBe('Wszystkie oferty');
    expect(defaultName(searchTags(emptyFilters(), config, 'pl', t), t('alerts.fallbackName'))).toBe('Wszystkie oferty');
  });
});

describe('schemas (spec §5)', () => {
  const issue = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }, value: unknown) => schema.safeParse(value).error?.issues[0]?.message ?? null;

  it('names: required, allowed characters, 999 at most', () => {
    expect(issue(nameRule, '  ')).toBe('fieldRequired');
    expect(issue(nameRule, 'Java; DROP')).toBe('invalidCharactersError');
    expect(issue(nameRule, 'Java <script>')).toBe('invalidCharactersError');
    expect(issue(nameRule, 'x'.repeat(1000))).toBe('maxValueError');
    expect(issue(nameRule, 'x'.repeat(999))).toBeNull();
    expect(issue(nameRule, 'Łódź, C# & C++ (senior) / B2B - 10 000')).toBeNull();
  });

  it('e-mails: required, valid, no Polish letters', () => {
    expect(issue(emailRule, '')).toBe('fieldRequired');
    expect(issue(emailRule, 'not-an-email')).toBe('invalidEmail');
    expect(issue(emailRule, 'zażółć@example.com')).toBe('invalidEmail');
    expect(issue(emailRule, ' ada@example.com ')).toBeNull();
  });

  it('the privacy policy must be accepted; consents default to false', () => {
    const base = { email: 'ada@example.com', name: 'Java', frequency: 'twiceAWeek', privacyPolicy: false, createCandidate: false, marketingAgreement: false };
    const refused = guestAlertSchema.safeParse(base);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['privacyPolicy', 'fieldRequired']]);
    expect(guestAlertSchema.safeParse({ ...base, privacyPolicy: true }).success).toBe(true);
    expect(guestAlertSchema.safeParse({ ...base, privacyPolicy: true, frequency: 'hourly' }).success).toBe(false);
    expect(candidateAlertSchema.safeParse({ name: 'Java', frequency: 'onceAWeek' }).success).toBe(true);
  });
});

describe('local store jobAlerts', () => {
  const search = (n: number): Omit<LocalSearch, 'id' | 'createdAt' | 'readAt'> => ({ searchUrl: `/all-locations?keyword=k${n}`, name: `k${n}`, filters: null, alert: null });

  it('keeps at most 10 searches and refuses the 11th', () => {
    let searches: LocalSearch[] = [];
    for (let n = 0; n < LOCAL_LIMIT; n += 1) {
      const result = addSearch(searches, search(n), (item) => item.searchUrl === search(n).searchUrl);
      expect(result.kind).toBe('added');
      if (result.kind === 'added') searches = result.searches;
    }
    expect(addSearch(searches, search(99), () => false)).toEqual({ kind: 'limit' });
    expect(addSearch(searches, search(3), (item) => item.searchUrl === search(3).searchUrl).kind).toBe('exists');
    expect(removeSearch(searches, searches[0].id)).toHaveLength(LOCAL_LIMIT - 1);
  });

  it('writes version 1 and reads it back unchanged', () => {
    const result = addSearch([], search(1), () => false);
    if (result.kind !== 'added') throw new Error('not added');
    const text = serializeStore(result.searches);
    expect(JSON.parse(text)).toMatchObject({ version: STORE_VERSION, state: { jobAlerts: [{ searchUrl: '/all-locations?keyword=k1' }] } });
    expect(parseStore(text)).toEqual({ searches: result.searches, migrated: false });
  });

  it('migrates version 0 by rewriting the stored URLs', () => {
    const old = JSON.stringify({
      version: 0,
      state: {
        jobAlerts: [
          { url: 'https://it.wakat.pl/krakow?keyword=java&from=200&showMap=true#add-alert', name: 'Java, Kraków' },
          { url: '/all-locations?lang=en&skills=rust', name: 'Rust' },
          { url: 'javascript:alert(1)', name: 'bad' },
          { url: 'https://it.wakat.pl/krakow?keyword=java', name: 'duplicate' },
        ],
      },
    });
    const { searches, migrated } = parseStore(old);
    expect(migrated).toBe(true);
    expect(searches.map((item) => [item.searchUrl, item.name])).toEqual([
      ['/krakow?keyword=java', 'Java, Kraków'],
      ['/all-locations?skills=rust', 'Rust'],
    ]);
    // Written back as version 1, it reads as it is.
    expect(parseStore(serializeStore(searches)).migrated).toBe(false);
  });

  it('migrates a bare array and caps it at 10; survives garbage', () => {
    const many = Array.from({ length: 14 }, (_, n) => ({ url: `/all-locations?keyword=k${n}` }));
    const { searches, migrated } = parseStore(JSON.stringify(many));
    expect(migrated).toBe(true);
    expect(searches).toHaveLength(LOCAL_LIMIT);
    expect(parseStore('{not json')).toEqual({ searches: [], migrated: true });
    expect(parseStore(null)).toEqual({ searches: [], migrated: false });
  });

  it('rewrites stored URLs to site paths', () => {
    expect(rewriteStoredUrl('https://x.example/warszawa?keyword=go&from=100')).toBe('/warszawa?keyword=go');
    // A protocol-relative address keeps only its path, like every absolute one.
    expect(rewriteStoredUrl('//evil.example/x')).toBe('/x');
    expect(rewriteStoredUrl('mailto:a@b')).toBeNull();
    expect(rewriteStoredUrl(42)).toBeNull();
  });
});

describe('switch debounce (300 ms)', () => {
  function fakeTimers() {
    let now = 0;
    const queue: { at: number; run: () => void; id: number }[] = [];
    let ids = 0;
    const timers: Timers = {
      set: (run, ms) => {
        ids += 1;
        queue.push({ at: now + ms, run, id: ids });
        return ids;
      },
      clear: (id) => {
        const index = queue.findIndex((item) => item.id === id);
        if (index >= 0) queue.splice(index, 1);
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const item of [...queue].sort((a, b) => a.at - b.at)) {
        if (item.at <= now) {
          queue.splice(queue.indexOf(item), 1);
          item.run();
        }
      }
    };
    return { timers, advance };
  }

  it('acts once, on the settled wish, 300 ms after the last click', () => {
    const { timers, advance } = fakeTimers();
    const act = vi.fn();
    const debouncer = createSwitchDebouncer(() => false, act, SWITCH_DEBOUNCE_MS, timers);
    debouncer.toggle(true);
    advance(200);
    debouncer.toggle(false);
    advance(200);
    debouncer.toggle(true);
    advance(299);
    expect(act).not.toHaveBeenCalled();
    advance(1);
    expect(act).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('does nothing when the clicks end where they started', () => {
    const { timers, advance } = fakeTimers();
    const act = vi.fn();
    const debouncer = createSwitchDebouncer(() => true, act, SWITCH_DEBOUNCE_MS, timers);
    debouncer.toggle(false);
    debouncer.toggle(true);
    advance(1000);
    expect(act).not.toHaveBeenCalled();
    debouncer.toggle(false);
    debouncer.cancel();
    advance(1000);
    expect(act).not.toHaveBeenCalled();
  });
});

describe('error catalogue (spec §8)', () => {
  const conflict = (message: string) => new ApiError(409, 'conflict', message);
  it('maps the four 409 messages, a bare 409, 422 and the rest', () => {
    expect(creationErrorKey(conflict('Candidate profile already exists'))).toBe('alerts.errors.profileExists');
    expect(creationErrorKey(conflict('Job filter with active job alert already exists'))).toBe('alerts.errors.activeAlertExists');
    expect(creationErrorKey(conflict('Job alert already exists'))).toBe('alerts.errors.alertExists');
    expect(creationErrorKey(conflict('Job filter already exists'))).toBe('alerts.errors.filterExists');
    expect(creationErrorKey(conflict(''))).toBe('alerts.errors.profileExists');
    expect(creationErrorKey(new ApiError(422, 'job_alert_limit', 'limit'))).toBe('alerts.errors.limit');
    expect(creationErrorKey(new ApiError(500, 'internal', 'x'))).toBe('alerts.errors.generic');
    expect(creationErrorKey(new TypeError('x'))).toBe('alerts.errors.generic');
    expect(t('alerts.errors.limit')).toBe('Osiągnięto maksymalny limit zapisanych powiadomień.');
    expect(t('alerts.errors.generic')).toBe('Coś poszło nie tak! Spróbuj ponownie później.');
    expect(t('alerts.errors.linkExpired')).toBe('Link wygasł');
  });

  it('activation: 409 is already active, an expired link is expired, the rest fails silently', () => {
    expect(activationOutcome(null)).toBe('activated');
    expect(activationOutcome(new ApiError(409, 'job_alert_already_active', ''))).toBe('alreadyActive');
    expect(activationOutcome(new ApiError(410, 'link_expired', ''))).toBe('expired');
    expect(activationOutcome(new ApiError(400, 'activation_link_expired', ''))).toBe('expired');
    expect(activationOutcome(new ApiError(404, 'not_found', ''))).toBe('failed');
  });
});

describe('entry points', () => {
  const ask = (query: string) => entryRequest(new URLSearchParams(query));
  it('needs both values of each link', () => {
    expect(ask('job-alerts=activate&code=abc&job-filter-id=f1')).toEqual({ kind: 'activate', code: 'abc', jobFilterId: 'f1' });
    expect(ask('job-alerts=activate&code=abc')).toEqual({ kind: 'invalid' });
    expect(ask('job-alerts=unsubscribe&candidate-id=c1&code=xyz')).toEqual({ kind: 'unsubscribe', candidateId: 'c1', code: 'xyz', jobFilterId: null });
    expect(ask('job-alerts=unsubscribe&candidate-id=c1&code=xyz&job-filter-id=f1')).toMatchObject({ jobFilterId: 'f1' });
    expect(ask('job-alerts=unsubscribe&code=xyz')).toEqual({ kind: 'invalid' });
    expect(ask('modal=account-verified')).toEqual({ kind: 'accountVerified' });
    expect(ask('keyword=java')).toBeNull();
  });
});

describe('ja-hide-sub-message cookie', () => {
  it('lasts a year and hides the note', () => {
    expect(hideSubMessageCookie()).toBe('ja-hide-sub-message=true; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(isSubMessageHidden('a=1; ja-hide-sub-message=true')).toBe(true);
    expect(isSubMessageHidden('ja-hide-sub-message=false')).toBe(false);
  });
});
