import { describe, expect, it } from 'vitest';
import { isPastDue, isUpcoming, termsForDisplay, type TermsFile } from './rules';

const file = (fields: Partial<TermsFile>): TermsFile => ({
  audience: 'users',
  title: { pl: 'Regulamin', en: 'Terms' },
  url: '/api/it/v1/terms/x',
  fromDate: null,
  dueDate: null,
  ...fields,
});
const now = new Date('2026-11-26T10:00:00Z');

describe('terms dates', () => {
  it('hides a file after its due day, not during it', () => {
    expect(isPastDue(file({ dueDate: '2026-11-25' }), now)).toBe(true);
    expect(isPastDue(file({ dueDate: '2026-11-26' }), now)).toBe(false);
    expect(isPastDue(file({ dueDate: '2026-11-26T09:59:59Z' }), now)).toBe(true);
    expect(isPastDue(file({ dueDate: null }), now)).toBe(false);
    expect(isPastDue(file({ dueDate: 'garbage' }), now)).toBe(false);
  });

  it("labels 'effective from' while the fromDate is ahead", () => {
    expect(isUpcoming(file({ fromDate: '2026-11-27' }), now)).toBe(true);
    expect(isUpcoming(file({ fromDate: '2026-11-26' }), now)).toBe(false);
    expect(isUpcoming(file({ fromDate: '2026-11-26T12:00:00+01:00' }), now)).toBe(true);
    expect(isUpcoming(file({ fromDate: null }), now)).toBe(false);
  });

  it('keeps one audience, drops past files and puts current ones first', () => {
    const files = [
      file({ url: 'old', dueDate: '2024-12-31' }),
      file({ url: 'next', fromDate: '2027-07-01' }),
      file({ url: 'current', fromDate: '2025-01-01', dueDate: '2027-06-30' }),
      file({ url: 'clients', audience: 'clients' }),
    ];
    const shown = termsForDisplay(files, 'users', now);
    expect(shown.map((entry) => [entry.url, entry.upcoming])).toEqual([
      ['current', false],
      ['next', true],
    ]);
    expect(termsForDisplay(files, 'clients', now).map((entry) => entry.url)).toEqual(['clients']);
  });
});
