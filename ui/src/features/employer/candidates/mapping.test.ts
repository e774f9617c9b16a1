import { describe, expect, it } from 'vitest';
import { createTranslator } from '@/i18n/translate';
import type { BoardConfig, Category } from '@/lib/types';
import { candidateCard, canRequest, conversationHref, criterionView, humanizeSlug, orderedCriteria, requestsLeft, salaryText, shownRequest, unnamedCities, vocabularyOf } from './mapping';
import type { CandidateMatch } from './types';

const NBSP = '\u00a0';

function category(value: number, slug: string, pl: string, en: string, children: Category[] = []): Category {
  return { key: slug, slug, label: { pl, en }, value, icon: '', order: value, parent: null, children, static: false, redirectTo: null, isNew: false };
}

const config: Pick<BoardConfig, 'categories' | 'filters' | 'topCities'> = {
  categories: [category(1, 'javascript', 'JavaScript', 'JavaScript', [category(11, 'react', 'React', 'React')]), category(2, 'devops', 'DevOps', 'DevOps')],
  filters: {
    experienceLevels: [
      { value: 'mid', label: { pl: 'Mid', en: 'Mid' }, slug: { pl: 'mid', en: 'mid' } },
      { value: 'senior', label: { pl: 'Senior', en: 'Senior' }, slug: { pl: 'senior', en: 'senior' } },
      { value: 'expert', label: { pl: 'Ekspert', en: 'Expert' }, slug: { pl: 'ekspert', en: 'expert' } },
    ],
    employmentTypes: [
      { value: 'b2b', label: { pl: 'B2B', en: 'B2B' }, slug: { pl: 'b2b', en: 'b2b' } },
      { value: 'permanent', label: { pl: 'Umowa o pracę', en: 'Permanent' }, slug: { pl: 'umowa-o-prace', en: 'permanent' } },
    ],
    workingTimes: [],
    remoteWorkOptions: [],
    radius: [],
    sort: [],
  },
  topCities: [
    { name: 'Kraków', nameEn: 'Cracow', slug: 'krakow', region: 'małopolskie', latitude: 50, longitude: 19 },
    { name: 'Łódź', nameEn: null, slug: 'lodz', region: 'łódzkie', latitude: 51, longitude: 19 },
  ],
};

const match: CandidateMatch = {
  candidate: {
    candidateRef: 'c-7f3a',
    experienceLevels: ['senior', 'expert'],
    skills: ['TypeScript', 'React'],
    cities: ['krakow', 'nowy-sacz'],
    remote: true,
    salaryMin: 18000,
    currency: 'pln',
    salaryUnit: 'month',
    categories: [11, 2],
    contractTypes: ['b2b', 'permanent'],
  },
  score: {
    percent: 82,
    criteria: [
      { criterion: 'contractTypes', percent: 100, matched: ['b2b'] },
      { criterion: 'skills', percent: 67, matched: ['React', 'TypeScript'] },
      { criterion: 'place', percent: 100, matched: ['krakow'] },
      { criterion: 'salary', percent: 50, matched: [] },
      { criterion: 'seniority', percent: 100, matched: ['senior'] },
      { criterion: 'categories', percent: 0, matched: [] },
    ],
  },
  request: null,
};

describe('a candidate card', () => {
  const pl = createTranslator('pl');
  const en = createTranslator('en');

  it('names codes as the board does, in the page language', () => {
    const card = candidateCard(match, vocabularyOf(config, 'pl'), pl);
    expect(card).toMatchObject({
      ref: 'c-7f3a',
      percent: 82,
      seniority: ['Senior', 'Ekspert'],
      skills: ['TypeScript', 'React'],
      // A top city by its name; another by its slug made words (the page looks such ones up).
      cities: ['Kraków', 'Nowy sacz'],
      remote: true,
      salary: `18${NBSP}000${NBSP}PLN${NBSP}/${NBSP}mies.`,
      categories: ['React', 'DevOps'],
      contractTypes: ['B2B', 'Umowa o pracę'],
      request: null,
    });
    const english = candidateCard(match, vocabularyOf(config, 'en', { 'nowy-sacz': 'Nowy Sącz' }), en);
    expect(english.cities).toEqual(['Cracow', 'Nowy Sącz']);
    expect(english.contractTypes).toEqual(['B2B', 'Permanent']);
    expect(english.salary).toBe(`18${NBSP}000${NBSP}PLN${NBSP}/${NBSP}month`);
  });

  it('carries nothing that could name the person', () => {
    const withExtras = { ...match, candidate: { ...match.candidate, name: 'Ada Lovelace', email: 'ada@example.com' } } as CandidateMatch;
    const text = JSON.stringify(candidateCard(withExtras, vocabularyOf(config, 'en'), en));
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('@');
  });

  it('explains every criterion in the weights order, with what matched by its name', () => {
    const card = candidateCard(match, vocabularyOf(config, 'en'), en);
    expect(card.criteria.map((criterion) => criterion.criterion)).toEqual(['skills', 'categories', 'seniority', 'place', 'salary', 'contractTypes']);
    expect(card.criteria.map((criterion) => criterion.sentence)).toEqual([
      'Skills: matches partly (67%) — React, TypeScript',
      'Category: does not match',
      'Seniority: matches fully — Senior',
      'Place: matches fully — Cracow',
      'Salary: matches partly (50%)',
      'Contract type: matches fully — B2B',
    ]);
    expect(card.criteria.map((criterion) => criterion.fulfilment)).toEqual(['partial', 'none', 'full', 'full', 'partial', 'full']);
  });

  it('reads matched values the API may send as values, slugs or words', () => {
    const vocabulary = vocabularyOf(config, 'pl');
    expect(criterionView({ criterion: 'categories', percent: 100, matched: ['11'] }, vocabulary, pl).matched).toEqual(['React']);
    expect(criterionView({ criterion: 'categories', percent: 100, matched: ['devops'] }, vocabulary, pl).matched).toEqual(['DevOps']);
    expect(criterionView({ criterion: 'place', percent: 100, matched: ['remote'] }, vocabulary, pl).matched).toEqual(['Praca zdalna']);
    expect(criterionView({ criterion: 'place', percent: 100, matched: ['Gdańsk'] }, vocabulary, pl).matched).toEqual(['Gdańsk']);
    expect(criterionView({ criterion: 'salary', percent: 100, matched: ['20000'] }, vocabulary, pl).matched).toEqual([`20${NBSP}000`]);
    // The API's form: the offer's top monthly amount in the candidate's currency.
    expect(criterionView({ criterion: 'salary', percent: 100, matched: ['20000 pln'] }, vocabulary, pl).matched).toEqual([`20${NBSP}000${NBSP}PLN${NBSP}/${NBSP}mies.`]);
    expect(criterionView({ criterion: 'salary', percent: 100, matched: ['about right'] }, vocabulary, pl).matched).toEqual(['about right']);
    expect(criterionView({ criterion: 'skills', percent: 100, matched: ['Rust', ' '] }, vocabulary, pl).matched).toEqual(['Rust']);
  });

  it('keeps percentages whole and within 0–100, and shows a weight only when the API sends one', () => {
    const vocabulary = vocabularyOf(config, 'en');
    expect(criterionView({ criterion: 'skills', percent: 66.6, matched: [] }, vocabulary, en).percent).toBe(67);
    expect(criterionView({ criterion: 'skills', percent: 140, matched: [] }, vocabulary, en).fulfilment).toBe('full');
    expect(criterionView({ criterion: 'skills', percent: -3, matched: [] }, vocabulary, en).percent).toBe(0);
    expect(criterionView({ criterion: 'skills', percent: 50, matched: [] }, vocabulary, en).weight).toBeNull();
    expect(criterionView({ criterion: 'skills', percent: 50, matched: [], weight: 30 }, vocabulary, en).weight).toBe(30);
    expect(candidateCard({ ...match, score: { percent: Number.NaN, criteria: [] } }, vocabulary, en).percent).toBe(0);
  });

  it('leaves out a criterion it does not know (a newer API)', () => {
    const criteria = orderedCriteria([{ criterion: 'mood' as never, percent: 100, matched: [] }, { criterion: 'salary', percent: 0, matched: [] }]);
    expect(criteria.map((criterion) => criterion.criterion)).toEqual(['salary']);
  });

  it('says when the salary is not disclosed, and writes the unit and currency given', () => {
    expect(salaryText(null, 'pln', 'month', 'pl')).toBeNull();
    expect(salaryText(120, 'eur', 'hour', 'en')).toBe(`120${NBSP}EUR${NBSP}/${NBSP}hour`);
    expect(salaryText(120, null, '', 'pl')).toBe(`120${NBSP}/${NBSP}mies.`);
  });
});

describe('city names', () => {
  it('are looked up only for slugs the board does not name, each once', () => {
    const known = vocabularyOf(config, 'pl').cities;
    const other = { ...match, candidate: { ...match.candidate, cities: ['lodz', 'nowy-sacz', 'zakopane'] } };
    expect(unnamedCities([match, other], known)).toEqual(['nowy-sacz', 'zakopane']);
    expect(unnamedCities([match, other], known, 1)).toEqual(['nowy-sacz']);
    expect(humanizeSlug('bielsko-biala')).toBe('Bielsko biala');
  });
});

describe('requests on a card', () => {
  const received = { id: 'r1', status: 'received' as const, conversationId: null };

  it('show the server status first, else the one just sent', () => {
    const accepted = { id: 'r1', status: 'accepted' as const, conversationId: 'k1' };
    expect(shownRequest(accepted, received)).toBe(accepted);
    expect(shownRequest(null, received)).toBe(received);
    expect(shownRequest(null, undefined)).toBeNull();
  });

  it('can be sent to a candidate never asked or whose request expired', () => {
    expect(canRequest(null)).toBe(true);
    expect(canRequest({ ...received, status: 'expired' })).toBe(true);
    expect(canRequest(received)).toBe(false);
    expect(canRequest({ ...received, status: 'declined' })).toBe(false);
    expect(canRequest({ ...received, status: 'accepted' })).toBe(false);
  });

  it('count what is left of the day and link an accepted one to its conversation', () => {
    expect(requestsLeft(10, 3)).toBe(7);
    expect(requestsLeft(10, 12)).toBe(0);
    expect(conversationHref('k 1/2')).toBe('/employer/chat?conversation=k%201%2F2');
  });
});
