import { withFilters, type ListFilters } from '@/features/search/filters';

/** `meta.search` of a list answer with a text query: how the API understood it. */
export interface SearchNotes {
  noResults: boolean;
  chips: { kind: 'city' | 'workplace' | 'experience' | 'contract' | 'salary'; label: string; typed: string; filter: string; value: string; applied: boolean }[];
  corrections: { typed: string; corrected: string; typedFound: boolean }[];
  synonyms: { typed: string; form: string }[];
  didYouMean: { keywords: string[]; query: string; count: number } | null;
}

/** The filters a query chip turns into a real filter (null: not one the list page has). */
export function chipFilters(filters: ListFilters, chip: SearchNotes['chips'][number]): ListFilters | null {
  switch (chip.filter) {
    case 'city':
      return withFilters(filters, { city: chip.value, radius: null });
    case 'workplaceType':
      return filters.remoteWorkOptions.includes(chip.value) ? null : withFilters(filters, { remoteWorkOptions: [...filters.remoteWorkOptions, chip.value] });
    case 'experienceLevels':
      return filters.experienceLevels.includes(chip.value) ? null : withFilters(filters, { experienceLevels: [...filters.experienceLevels, chip.value] });
    case 'employmentTypes':
      return filters.employmentTypes.includes(chip.value) ? null : withFilters(filters, { employmentTypes: [...filters.employmentTypes, chip.value] });
    case 'salaryMin':
    case 'salaryMax': {
      // A typed salary ("15k", "od 20 000 zł"): the API's amount is in the list's currency.
      const amount = Number(chip.value);
      const key = chip.filter === 'salaryMin' ? 'salaryMin' : 'salaryMax';
      return Number.isFinite(amount) && amount > 0 && filters[key] !== amount ? withFilters(filters, { [key]: amount }) : null;
    }
    default:
      return null;
  }
}

/** The filters of "did you mean": the corrected keyword in place of the typed one. */
export function didYouMeanFilters(filters: ListFilters, notes: SearchNotes): ListFilters | null {
  return notes.didYouMean ? withFilters(filters, { keyword: notes.didYouMean.query }) : null;
}
