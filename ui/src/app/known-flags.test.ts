/**
 * Every flag the API lists (`KNOWN_FLAGS` of crates/wakat-server/src/routes/meta.rs) does what it
 * says: a flag listed but changing nothing is a defect (issue 27). For each flag this walks the
 * list and proves one of two things:
 *
 * - **web**: the decision the pages ask (a function of `lib/flags.ts` or a feature's rules)
 *   answers differently with the flag on and off, and a page or component really calls it (its
 *   name is called in a source file other than the one defining it);
 * - **api**: the API itself answers differently, proven by the named black-box test of
 *   `tests/api/` (which must exist and name the flag).
 *
 * A flag added to `KNOWN_FLAGS` without an entry here fails the test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shouldShowSurvey } from '@/features/popups/rules';
import { homeBanner, homeSections, homeTabs } from '@/features/home/rules';
import { listHeading } from '@/features/search/heading';
import { emptyFilters } from '@/features/search/filters';
import { realTimeBiddingSlugs } from '@/features/search/real-time-bidding';
import { lookSwitchTarget, offerNewLookPopup, showDarkModeToggle } from '@/features/theme/theme';
import { accountPages } from '@/lib/account-pages';
import { currencyChoosable } from '@/lib/board-currency';
import {
  applicationHistoryEnabled,
  assistantEnabled,
  candidateChatEnabled,
  candidateFeatures,
  chatInMaintenance,
  homeCountSource,
  jobAlertsEnabled,
  mapButtonShown,
  mapToggleable,
  offerBannerKinds,
  salaryFilterMode,
  showExpiredOffer,
  showOfferLanguages,
  showWhistleblowerReport,
  sortingEnabled,
  workplaceFilterShown,
  type FeatureFlags,
} from '@/lib/flags';
import { salaryDisplayOf } from '@/lib/format';
import type { BoardConfig } from '@/lib/types';

const ui = fileURLToPath(new URL('../..', import.meta.url));
const repo = join(ui, '..');

/** The flag names of `KNOWN_FLAGS`, read from the Rust source. */
function knownFlags(): string[] {
  const source = readFileSync(join(repo, 'crates/wakat-server/src/routes/meta.rs'), 'utf8');
  const list = /const KNOWN_FLAGS: \[&str; \d+\] = \[([\s\S]*?)\];/.exec(source);
  if (!list) throw new Error('KNOWN_FLAGS not found in meta.rs');
  return [...list[1].matchAll(/"(\w+)"/g)].map((match) => match[1]);
}

/** Every non-test source file of the web app. */
function sources(dir = join(ui, 'src')): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) return [];
    return [{ path, text: readFileSync(path, 'utf8') }];
  });
}

type Web = { kind: 'web'; decision: (...args: never[]) => unknown; answer: (flags: FeatureFlags) => unknown; context?: FeatureFlags };
type Api = { kind: 'api'; file: string; test: string };

const t = ((key: string) => key) as Parameters<typeof listHeading>[1];
const board = (flags: FeatureFlags) => ({ featureFlags: flags, currencies: ['pln', 'eur'] }) as unknown as BoardConfig;
const promotion = { imageUrl: '/promo/it.svg', headline: { pl: 'P', en: 'P' }, link: '/', linkLabel: { pl: 'L', en: 'L' } };
const loggedIn = { candidatePortalLogin: true };

const EFFECTS: Record<string, Web | Api> = {
  workplaceFilter: { kind: 'web', decision: workplaceFilterShown, answer: workplaceFilterShown },
  onlyMinimumSalaryFilter: { kind: 'web', decision: salaryFilterMode, answer: salaryFilterMode },
  favouritesButton: { kind: 'web', decision: candidateFeatures, answer: (flags) => accountPages(candidateFeatures(flags)), context: loggedIn },
  applicationHistory: { kind: 'web', decision: applicationHistoryEnabled, answer: (flags) => [applicationHistoryEnabled(flags), accountPages(candidateFeatures(flags))], context: loggedIn },
  mapButton: { kind: 'web', decision: mapButtonShown, answer: mapButtonShown },
  remoteBanner: { kind: 'web', decision: homeBanner, answer: (flags) => [homeBanner(flags as Record<string, boolean>), offerBannerKinds(flags)] },
  categoryBanner: { kind: 'web', decision: offerBannerKinds, answer: offerBannerKinds },
  payUnitDisplay: { kind: 'web', decision: salaryDisplayOf, answer: (flags) => salaryDisplayOf(flags as Record<string, boolean>, 'pln').unit },
  listCounter: { kind: 'web', decision: listHeading, answer: (flags) => listHeading(flags, t, 12, ['Kraków']) },
  countAllBoardsOffers: { kind: 'web', decision: homeCountSource, answer: homeCountSource },
  currencyChange: { kind: 'web', decision: currencyChoosable, answer: (flags) => currencyChoosable(board(flags)) },
  expiredOffers: { kind: 'web', decision: showExpiredOffer, answer: (flags) => showExpiredOffer(flags, false) },
  offerLanguages: { kind: 'web', decision: showOfferLanguages, answer: (flags) => showOfferLanguages(flags, ['en']) },
  redirectCountThrottling: { kind: 'api', file: 'tests/api/flags.rs', test: 'redirect_count_throttling_counts_repeats_once_only_with_the_flag' },
  darkMode: { kind: 'web', decision: showDarkModeToggle, answer: showDarkModeToggle },
  themeToggle: { kind: 'web', decision: lookSwitchTarget, answer: (flags) => lookSwitchTarget(flags, 'always') },
  matchedForYou: { kind: 'web', decision: homeTabs, answer: (flags) => homeTabs(flags as Record<string, boolean>, true), context: loggedIn },
  sortEmploymentTypesBySalary: { kind: 'web', decision: salaryDisplayOf, answer: (flags) => salaryDisplayOf(flags as Record<string, boolean>, 'pln').sortBySalary },
  realTimeBidding: { kind: 'web', decision: realTimeBiddingSlugs, answer: (flags) => realTimeBiddingSlugs(flags, emptyFilters(), [{ slug: 'a' }, { slug: 'b' }]) },
  candidatePortalLogin: { kind: 'web', decision: candidateFeatures, answer: (flags) => candidateFeatures(flags).login },
  jobAlerts: { kind: 'web', decision: jobAlertsEnabled, answer: jobAlertsEnabled },
  sorting: { kind: 'web', decision: sortingEnabled, answer: sortingEnabled },
  surveyPopup: { kind: 'web', decision: shouldShowSurvey, answer: (flags) => shouldShowSurvey({ flag: flags.surveyPopup, surveyUrl: 'https://survey.example.com', hideCookie: undefined }) },
  toggleableMap: { kind: 'web', decision: mapToggleable, answer: mapToggleable },
  blogShowcase: { kind: 'web', decision: homeSections, answer: (flags) => homeSections(flags, promotion).blog },
  newOffersList: { kind: 'web', decision: homeSections, answer: (flags) => homeSections(flags, promotion).newOffers },
  promotionalHomepage: { kind: 'web', decision: homeSections, answer: (flags) => homeSections(flags, promotion).promotion },
  horizontalPopup: { kind: 'web', decision: offerNewLookPopup, answer: (flags) => offerNewLookPopup(flags, undefined) },
  whistleblowerReport: { kind: 'web', decision: showWhistleblowerReport, answer: showWhistleblowerReport },
  candidateChat: { kind: 'web', decision: candidateChatEnabled, answer: (flags) => [candidateChatEnabled(flags), accountPages(candidateFeatures(flags))], context: loggedIn },
  passiveCandidateMaintenance: { kind: 'web', decision: chatInMaintenance, answer: chatInMaintenance },
  aiAssistant: { kind: 'web', decision: assistantEnabled, answer: assistantEnabled },
};

describe('KNOWN_FLAGS', () => {
  const flags = knownFlags();
  const files = sources();

  it('is read from the API source and has every flag once', () => {
    expect(flags.length).toBeGreaterThan(30);
    expect(new Set(flags).size).toBe(flags.length);
  });

  it.each(flags)('%s changes what a page or the API answers', (flag) => {
    const effect = EFFECTS[flag];
    expect(effect, `${flag} is listed in KNOWN_FLAGS: give it an effect here (and make it do something)`).toBeDefined();
    if (effect.kind === 'api') {
      const test = readFileSync(join(repo, effect.file), 'utf8');
      const body = test.slice(test.indexOf(`fn ${effect.test}()`));
      expect(test, `${effect.file} has the test ${effect.test}`).toContain(`fn ${effect.test}()`);
      expect(body.slice(0, body.indexOf('\n}\n')), `${effect.test} switches ${flag}`).toContain(`"${flag}"`);
      return;
    }
    const on = effect.answer({ ...effect.context, [flag]: true });
    const off = effect.answer({ ...effect.context, [flag]: false });
    expect(on, `${flag} on and off give the same answer`).not.toEqual(off);
    const name = effect.decision.name;
    const defined = new RegExp(`export (async )?function ${name}\\b`);
    const callers = files.filter((file) => !defined.test(file.text) && new RegExp(`\\b${name}\\(`).test(file.text));
    expect(callers.map((file) => file.path), `${name} (the decision of ${flag}) is called by a page or component`).not.toEqual([]);
  });

  it('has no effect for a flag the API does not list', () => {
    expect(Object.keys(EFFECTS).filter((flag) => !flags.includes(flag))).toEqual([]);
  });
});
