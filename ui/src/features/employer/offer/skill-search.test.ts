import { describe, expect, it } from 'vitest';
import { showsNothingFound } from './skill-search';

describe('showsNothingFound', () => {
  it('says nothing while the box is empty, even with no suggestion listed', () => {
    expect(showsNothingFound({ typed: '', answeredFor: '', listed: 0, offersTyped: false })).toBe(false);
    expect(showsNothingFound({ typed: '   ', answeredFor: '', listed: 0, offersTyped: false })).toBe(false);
  });

  it('waits for the answer to the keyword in the box', () => {
    expect(showsNothingFound({ typed: 'rust', answeredFor: 'rus', listed: 0, offersTyped: false })).toBe(false);
    expect(showsNothingFound({ typed: 'rust', answeredFor: null, listed: 0, offersTyped: false })).toBe(false);
  });

  it('says it when the answer for the keyword lists nothing and nothing is offered to add', () => {
    expect(showsNothingFound({ typed: 'rust ', answeredFor: 'rust', listed: 0, offersTyped: false })).toBe(true);
    expect(showsNothingFound({ typed: 'rust', answeredFor: 'rust', listed: 2, offersTyped: false })).toBe(false);
    expect(showsNothingFound({ typed: 'rust', answeredFor: 'rust', listed: 0, offersTyped: true })).toBe(false);
  });
});
