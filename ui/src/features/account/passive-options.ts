/** The choices of the passive-candidate form, built on the server from the board's configuration. */
import type { Category, Locale } from '@/lib/types';
import type { PreferenceOptions } from './components/preferences-form';

export interface PassiveOptions extends PreferenceOptions {
  /** The board's category tree (roles), labelled in the page's language. */
  categories: { value: number; label: string; children: { value: number; label: string }[] }[];
  /** Contract types (employment kinds) with their labels. */
  contractTypes: { value: string; label: string }[];
}

/** The board's category tree as the form lists it. */
export function categoryOptions(categories: readonly Category[], locale: Locale): PassiveOptions['categories'] {
  return [...categories]
    .sort((a, b) => a.order - b.order)
    .map((category) => ({ value: category.value, label: category.label[locale], children: category.children.map((child) => ({ value: child.value, label: child.label[locale] })) }));
}
