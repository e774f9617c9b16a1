import { describe, expect, it } from 'vitest';
import {
  applicationHistoryEnabled,
  candidateChatEnabled,
  chatInMaintenance,
  homeCountSource,
  mapToggleable,
  salaryFilterMode,
  showExpiredOffer,
  showListCounter,
  showOfferLanguages,
  sortingEnabled,
  type FeatureFlags,
} from './flags';

const with_ = (name: string): FeatureFlags => ({ [name]: true });
const without = (name: string): FeatureFlags => ({ [name]: false });

describe('feature flags', () => {
  it('listCounter: the list heading leads with the count only when on', () => {
    expect(showListCounter(with_('listCounter'))).toBe(true);
    expect(showListCounter(without('listCounter'))).toBe(false);
    expect(showListCounter({})).toBe(false);
  });

  it('sorting: the sort menu only when on', () => {
    expect(sortingEnabled(with_('sorting'))).toBe(true);
    expect(sortingEnabled(without('sorting'))).toBe(false);
  });

  it('toggleableMap: the map column can be hidden only when on', () => {
    expect(mapToggleable(with_('toggleableMap'))).toBe(true);
    expect(mapToggleable(without('toggleableMap'))).toBe(false);
  });

  it('expiredOffers: the expired alert (and hidden location, favourite, salary) only when on, for inactive offers', () => {
    expect(showExpiredOffer(with_('expiredOffers'), false)).toBe(true);
    expect(showExpiredOffer(with_('expiredOffers'), true)).toBe(false);
    expect(showExpiredOffer(without('expiredOffers'), false)).toBe(false);
  });

  it('offerLanguages: the languages section only when on and the offer names languages', () => {
    const languages = [{ code: 'en', level: 'B2' }];
    expect(showOfferLanguages(with_('offerLanguages'), languages)).toBe(true);
    expect(showOfferLanguages(with_('offerLanguages'), [])).toBe(false);
    expect(showOfferLanguages(without('offerLanguages'), languages)).toBe(false);
  });

  it('onlyMinimumSalaryFilter: a minimum-only salary filter when on, a range when off', () => {
    expect(salaryFilterMode(with_('onlyMinimumSalaryFilter'))).toBe('minimum');
    expect(salaryFilterMode(without('onlyMinimumSalaryFilter'))).toBe('range');
  });

  it('countAllBoardsOffers: the homepage counts every board when on, its own when off', () => {
    expect(homeCountSource(with_('countAllBoardsOffers'))).toBe('allBoards');
    expect(homeCountSource(without('countAllBoardsOffers'))).toBe('board');
  });

  it('applicationHistory: exposed as on or off', () => {
    expect(applicationHistoryEnabled(with_('applicationHistory'))).toBe(true);
    expect(applicationHistoryEnabled(without('applicationHistory'))).toBe(false);
  });

  it('candidateChat: the chat and "Candidates for this offer" show only when on', () => {
    expect(candidateChatEnabled(with_('candidateChat'))).toBe(true);
    expect(candidateChatEnabled(without('candidateChat'))).toBe(false);
    expect(candidateChatEnabled({})).toBe(false);
  });

  it('passiveCandidateMaintenance: the chat says it is paused only when on', () => {
    expect(chatInMaintenance(with_('passiveCandidateMaintenance'))).toBe(true);
    expect(chatInMaintenance(without('passiveCandidateMaintenance'))).toBe(false);
  });
});
