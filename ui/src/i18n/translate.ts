/**
 * A tiny i18n: flat message keys, `{name}` placeholders and plural objects chosen with
 * Intl.PluralRules (Polish: one/few/many/other; English: one/other).
 */
import corePl from '@messages/pl.json';
import coreEn from '@messages/en.json';
import mapPl from '@messages/map.pl.json';
import mapEn from '@messages/map.en.json';
import searchPl from '@messages/search.pl.json';
import searchEn from '@messages/search.en.json';
import homePl from '@messages/home.pl.json';
import homeEn from '@messages/home.en.json';
import sitePl from '@messages/site.pl.json';
import siteEn from '@messages/site.en.json';
import brandsPl from '@messages/brands.pl.json';
import brandsEn from '@messages/brands.en.json';
import accountPl from '@messages/account.pl.json';
import accountEn from '@messages/account.en.json';
import applyPl from '@messages/apply.pl.json';
import applyEn from '@messages/apply.en.json';
import alertsPl from '@messages/alerts.pl.json';
import alertsEn from '@messages/alerts.en.json';
import employerPl from '@messages/employer.pl.json';
import employerEn from '@messages/employer.en.json';
import employerCompanyPl from '@messages/employer-company.pl.json';
import employerCompanyEn from '@messages/employer-company.en.json';
import employerOffersPl from '@messages/employer-offers.pl.json';
import employerOffersEn from '@messages/employer-offers.en.json';
import type { Locale } from '@/lib/types';

export const LOCALES: Locale[] = ['pl', 'en'];
export const DEFAULT_LOCALE: Locale = 'pl';
export const LOCALE_COOKIE = 'wakat-lang';

type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>>;
type Message = string | PluralMessage;
export type Messages = Record<string, Message>;
// One file pair per feature (core, map, search, home, site, brands, account, apply, alerts, employer) so that features do not edit the same file.
const pl = { ...corePl, ...mapPl, ...searchPl, ...homePl, ...sitePl, ...brandsPl, ...accountPl, ...applyPl, ...alertsPl, ...employerPl, ...employerCompanyPl, ...employerOffersPl };
const en = { ...coreEn, ...mapEn, ...searchEn, ...homeEn, ...siteEn, ...brandsEn, ...accountEn, ...applyEn, ...alertsEn, ...employerEn, ...employerCompanyEn, ...employerOffersEn };
export type MessageKey = keyof typeof pl;

export const messages: Record<Locale, Messages> = { pl, en };

export function isLocale(value: unknown): value is Locale {
  return value === 'pl' || value === 'en';
}

export type Translator = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Returns the plural category of `count` in the locale. */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale).select(count);
}

/**
 * The translator of `locale`. `overrides` are a board's own wording of some keys (its `texts`
 * in `wakat.toml`), used before the catalogue.
 */
export function createTranslator(locale: Locale, overrides: Partial<Record<string, string>> = {}): Translator {
  const dictionary = messages[locale];
  return (key, values = {}) => {
    const message = overrides[key] ?? dictionary[key] ?? messages[DEFAULT_LOCALE][key] ?? key;
    let text: string;
    if (typeof message === 'string') text = message;
    else {
      const count = Number(values.count ?? 0);
      text = message[pluralCategory(locale, count)] ?? message.other ?? message.many ?? '';
    }
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
