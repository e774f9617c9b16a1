import { paths } from '@/config/paths';
import { slugify } from '@/lib/text';
import type { BoardConfig, Locale, OfferDetail } from '@/lib/types';

/** Category labels drop the word 'Praca ' ("Praca Java" → "Java"). */
export function stripPraca(label: string): string {
  return label.replace(/^Praca\s+/i, '').replace(/\s+Praca\s+/g, ' ');
}

export interface Crumb {
  label: string;
  href: string | null;
}

/** All offers › city › category › subcategory › title. */
export function offerBreadcrumbs(offer: OfferDetail, config: BoardConfig, locale: Locale, allOffersLabel: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: allOffersLabel, href: paths.allOffers() }];
  const city = slugify(offer.city);
  if (city) crumbs.push({ label: offer.city, href: paths.city(city) });
  const category = offer.category;
  if (category) {
    const parent = category.parentId !== null ? config.categories.find((entry) => entry.value === category.parentId) : null;
    const own = parent ? parent.children.find((entry) => entry.value === category.id) : config.categories.find((entry) => entry.value === category.id);
    if (parent) crumbs.push({ label: stripPraca(parent.label[locale]), href: paths.category(parent.slug, city) });
    const label = stripPraca(own?.label[locale] ?? (locale === 'en' ? category.labelEn : category.labelPl));
    if (own && parent) crumbs.push({ label, href: paths.subcategory(parent.slug, own.slug, city) });
    else if (own) crumbs.push({ label, href: paths.category(own.slug, city) });
  }
  crumbs.push({ label: offer.title, href: null });
  return crumbs;
}
