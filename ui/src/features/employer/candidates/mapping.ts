/**
 * "Candidates for this offer" from the API's answer to what a card shows (pure, unit-tested): the
 * board's names for categories, seniorities, contract types and cities instead of their codes, the
 * salary expectation with its currency and unit, and one explained line per criterion of the
 * match score. Nothing here can name the person: the API sends no name, e-mail or CV.
 */
import type { MessageKey, Translator } from '@/i18n/translate';
import { formatNumber, NBSP, payUnitLabel } from '@/lib/format';
import type { BoardConfig, Category, Locale } from '@/lib/types';
import { CRITERIA, type CandidateMatch, type Criterion, type CriterionScore, type RequestSummary } from './types';

/** The board's names of what a profile holds, in the page's language. */
export interface CandidateVocabulary {
  locale: Locale;
  /** Category names by value (subcategories included). */
  categories: Record<string, string>;
  /** Category names by slug, for an explanation naming a category by its slug. */
  categorySlugs: Record<string, string>;
  experienceLevels: Record<string, string>;
  contractTypes: Record<string, string>;
  /** City names by gazetteer slug (the board's top cities, and any the page looked up). */
  cities: Record<string, string>;
}

function flatten(categories: readonly Category[]): Category[] {
  return categories.flatMap((category) => [category, ...flatten(category.children ?? [])]);
}

/** The vocabulary of a board configuration; `cities` adds names found beyond the top cities. */
export function vocabularyOf(config: Pick<BoardConfig, 'categories' | 'filters' | 'topCities'>, locale: Locale, cities: Record<string, string> = {}): CandidateVocabulary {
  const all = flatten(config.categories);
  const byValue = (options: readonly { value: string; label: { pl: string; en: string } }[]) => Object.fromEntries(options.map((option) => [option.value, option.label[locale]]));
  return {
    locale,
    categories: Object.fromEntries(all.map((category) => [String(category.value), category.label[locale]])),
    categorySlugs: Object.fromEntries(all.map((category) => [category.slug, category.label[locale]])),
    experienceLevels: byValue(config.filters.experienceLevels),
    contractTypes: byValue(config.filters.employmentTypes),
    cities: { ...Object.fromEntries(config.topCities.map((city) => [city.slug, locale === 'en' && city.nameEn ? city.nameEn : city.name])), ...cities },
  };
}

/** A slug as words when the board has no name for it: `nowy-sacz` → "Nowy sacz". */
export function humanizeSlug(slug: string): string {
  return slug.replace(/[-_]+/g, ' ').trim().replace(/^\p{L}/u, (letter) => letter.toUpperCase());
}

/** The city slugs of the list that the vocabulary cannot name (to look up), at most `limit`. */
export function unnamedCities(items: readonly CandidateMatch[], known: Record<string, string>, limit = 20): string[] {
  const missing = new Set<string>();
  for (const item of items) for (const slug of item.candidate.cities) if (!(slug in known)) missing.add(slug);
  return [...missing].slice(0, limit);
}

const cityName = (vocabulary: CandidateVocabulary, slug: string) => vocabulary.cities[slug] ?? humanizeSlug(slug);

/** The salary expectation as shown: "15 000 PLN / mies.", or null when the candidate did not say. */
export function salaryText(salaryMin: number | null, currency: string | null, unit: string, locale: Locale): string | null {
  if (salaryMin === null || !Number.isFinite(salaryMin)) return null;
  const amount = formatNumber(salaryMin);
  return `${amount}${currency ? `${NBSP}${currency.toUpperCase()}` : ''}${NBSP}${payUnitLabel(unit || 'month', locale)}`;
}

/** How far a criterion is met, for its wording and colour. */
export type Fulfilment = 'full' | 'partial' | 'none';

export function fulfilment(percent: number): Fulfilment {
  if (percent >= 100) return 'full';
  return percent > 0 ? 'partial' : 'none';
}

export interface CriterionView {
  criterion: Criterion;
  /** The criterion's name. */
  label: string;
  /** 0–100, clamped and whole. */
  percent: number;
  fulfilment: Fulfilment;
  /** What matched, as the board names it. */
  matched: string[];
  /** What it weighs in the total, when the API says. */
  weight: number | null;
  /** One sentence saying it all (the disclosure's line, read as a whole). */
  sentence: string;
}

export interface CandidateCard {
  ref: string;
  percent: number;
  seniority: string[];
  skills: string[];
  cities: string[];
  remote: boolean;
  /** Null: not disclosed. */
  salary: string | null;
  categories: string[];
  contractTypes: string[];
  criteria: CriterionView[];
  request: RequestSummary | null;
}

const clampPercent = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0);

const CRITERION_LABELS: Record<Criterion, MessageKey> = {
  skills: 'employerCandidates.criterion.skills',
  categories: 'employerCandidates.criterion.categories',
  seniority: 'employerCandidates.criterion.seniority',
  place: 'employerCandidates.criterion.place',
  salary: 'employerCandidates.criterion.salary',
  contractTypes: 'employerCandidates.criterion.contractTypes',
};

/** A matched value as the board names it (the API sends codes: values, slugs, levels, kinds). */
function matchedLabel(criterion: Criterion, value: string, vocabulary: CandidateVocabulary, t: Translator): string {
  switch (criterion) {
    case 'categories':
      return vocabulary.categories[value] ?? vocabulary.categorySlugs[value] ?? value;
    case 'seniority':
      return vocabulary.experienceLevels[value] ?? value;
    case 'contractTypes':
      return vocabulary.contractTypes[value] ?? value;
    case 'place':
      if (value === 'remote') return t('employerCandidates.remote');
      return vocabulary.cities[value] ?? value;
    case 'salary': {
      // The offer's top monthly amount in the candidate's currency: "20000 pln".
      const [amount, currency] = value.trim().split(/\s+/);
      const number = Number(amount);
      if (amount === '' || !Number.isFinite(number)) return value;
      return currency ? (salaryText(number, currency, 'month', vocabulary.locale) ?? value) : formatNumber(number);
    }
    default:
      return value;
  }
}

/** One criterion's line: its name, how far it is met and what matched. */
export function criterionView(score: CriterionScore, vocabulary: CandidateVocabulary, t: Translator): CriterionView {
  const percent = clampPercent(score.percent);
  const label = t(CRITERION_LABELS[score.criterion]);
  const matched = (score.matched ?? []).filter((value) => typeof value === 'string' && value.trim() !== '').map((value) => matchedLabel(score.criterion, value, vocabulary, t));
  const state = fulfilment(percent);
  const how = t(`employerCandidates.fulfilment.${state}`, { percent });
  const sentence = matched.length ? t('employerCandidates.criterionMatched', { criterion: label, how, matched: matched.join(', ') }) : t('employerCandidates.criterionLine', { criterion: label, how });
  return { criterion: score.criterion, label, percent, fulfilment: state, matched, weight: typeof score.weight === 'number' ? score.weight : null, sentence };
}

/** The criteria in the weights table's order; an unknown criterion (a newer API) is left out. */
export function orderedCriteria(criteria: readonly CriterionScore[]): CriterionScore[] {
  return CRITERIA.flatMap((name) => criteria.filter((score) => score.criterion === name));
}

/** The card of one ranked candidate. */
export function candidateCard(match: CandidateMatch, vocabulary: CandidateVocabulary, t: Translator): CandidateCard {
  const { candidate, score } = match;
  return {
    ref: candidate.candidateRef,
    percent: clampPercent(score.percent),
    seniority: candidate.experienceLevels.map((level) => vocabulary.experienceLevels[level] ?? humanizeSlug(level)),
    skills: [...candidate.skills],
    cities: candidate.cities.map((slug) => cityName(vocabulary, slug)),
    remote: candidate.remote,
    salary: salaryText(candidate.salaryMin, candidate.currency, candidate.salaryUnit, vocabulary.locale),
    categories: candidate.categories.map((value) => vocabulary.categories[String(value)] ?? String(value)),
    contractTypes: candidate.contractTypes.map((kind) => vocabulary.contractTypes[kind] ?? humanizeSlug(kind)),
    criteria: orderedCriteria(score.criteria ?? []).map((criterion) => criterionView(criterion, vocabulary, t)),
    request: match.request,
  };
}

/**
 * The request shown on a card: the one the server knows (the source of truth, e.g. accepted since),
 * else the one this page just sent.
 */
export function shownRequest(served: RequestSummary | null, sentHere: RequestSummary | undefined): RequestSummary | null {
  return served ?? sentHere ?? null;
}

/** Whether the company may ask this candidate (again): never asked, or the last request expired. */
export function canRequest(request: RequestSummary | null): boolean {
  return request === null || request.status === 'expired';
}

/** Requests left today (never below 0). */
export function requestsLeft(dailyLimit: number, sentToday: number): number {
  return Math.max(0, dailyLimit - sentToday);
}

/** The employer's Conversations page opened on one conversation (the chat's employer side). */
export function conversationHref(conversationId: string): string {
  return `/employer/chat?conversation=${encodeURIComponent(conversationId)}`;
}
