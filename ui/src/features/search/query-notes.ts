import { withFilters, type ListFilters } from '@/features/search/filters';

/** `meta.search` of a list answer with a text query: how the API understood it. */
export interface SearchNotes {
  noResults: boolean;
  chips: { kind: 'city' | 'workplace' | 'experience'; label: string; typed: string; filter: string; value: string; applied: boolean }[];
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
    default:
      return null;
  }
}

/** The filters of "did you mean": the corrected keyword in place of the typed one. */
export function didYouMeanFilters(filters: ListFilters, notes: SearchNotes): ListFilters | null {
  return notes.didYouMean ? withFilters(filters, { keyword: notes.didYouMean.query }) : null;
}
