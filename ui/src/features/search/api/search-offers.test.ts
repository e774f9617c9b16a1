import { describe, expect, it } from 'vitest';
import { cardOffer } from './search-offers';
import type { Offer } from '@/lib/types';

const offer = {
  slug: 'java-krakow',
  guid: 'g-1',
  title: 'Java Developer',
  companyName: 'Acme',
  street: 'ul. Długa 1',
  requiredSkills: ['Java', 'Spring', 'SQL', 'Kafka', 'Docker'].map((name) => ({ name, level: 3 })),
  niceToHaveSkills: [{ name: 'Go', level: 2 }],
  multilocation: [{ slug: 'java-krakow', city: 'Kraków', street: 'ul. Długa 1', latitude: 50.06, longitude: 19.94 }],
  employmentTypes: [{ type: 'b2b', from: 20000, to: 28000, currency: 'pln', unit: 'month', gross: false, label: 'B2B', fromEur: 4600, toEur: 6440, fromUsd: 5000, toUsd: 7000 }],
} as unknown as Offer;

describe('cardOffer', () => {
  it('keeps what a card shows, in the chosen currency, and drops the rest', () => {
    const card = cardOffer(offer, 'eur');
    expect(card.title).toBe('Java Developer');
    expect(card.requiredSkills.map((s) => s.name)).toEqual(['Java', 'Spring', 'SQL', 'Kafka']);
    expect(card.niceToHaveSkills).toEqual([]);
    expect(card.street).toBeNull();
    expect(card.employmentTypes[0]).toEqual({ type: 'b2b', from: 20000, to: 28000, currency: 'pln', unit: 'month', gross: false, label: 'B2B', fromEur: 4600, toEur: 6440 });
    expect(card.multilocation).toHaveLength(1);
    // The heart of the card needs the offer's guid.
    expect(card.guid).toBe(offer.guid);
  });
});
