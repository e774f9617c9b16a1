/**
 * Category and remote banners of the offer page. A banner is picked at random among the banners
 * whose condition matches the offer's category (and, for remote banners, its work mode).
 */
import type { Localized } from '@/lib/types';

export interface BannerCondition {
  /** Category or subcategory slugs; the banner matches when the offer has one of them. Absent: any category. */
  categories?: string[];
  /** Work modes the banner is for; absent: any. */
  workplace?: string[];
}

export interface Banner {
  id: string;
  kind: 'category' | 'remote';
  condition: BannerCondition;
  title: Localized;
  text: Localized;
  cta: Localized;
  /** Where the call to action leads: the offer's category list, optionally narrowed. */
  target: { remote?: boolean; withSalary?: boolean; inCity?: boolean };
}

export const BANNERS: Banner[] = [
  {
    id: 'category-more',
    kind: 'category',
    condition: {},
    title: { pl: 'Więcej ofert: {category}', en: 'More {category} offers' },
    text: { pl: 'Zobacz wszystkie aktualne oferty z tej kategorii w mieście {city}.', en: 'See every current offer of this category in {city}.' },
    cta: { pl: 'Pokaż oferty', en: 'Show offers' },
    target: { inCity: true },
  },
  {
    id: 'category-salary',
    kind: 'category',
    condition: {},
    title: { pl: '{category}: oferty z widełkami', en: '{category}: offers with a salary range' },
    text: { pl: 'Porównaj wynagrodzenia w ofertach, które je podają.', en: 'Compare salaries in offers that state them.' },
    cta: { pl: 'Oferty z widełkami', en: 'Offers with salary' },
    target: { withSalary: true },
  },
  {
    id: 'category-frontend',
    kind: 'category',
    condition: { categories: ['javascript', 'react', 'angular', 'vue', 'node', 'ux-ui', 'html'] },
    title: { pl: 'Frontend bez biura', en: 'Frontend from home' },
    text: { pl: 'Wiele zespołów frontendowych pracuje w pełni zdalnie.', en: 'Many frontend teams work fully remotely.' },
    cta: { pl: 'Zdalne oferty frontend', en: 'Remote frontend offers' },
    target: { remote: true },
  },
  {
    id: 'remote-elsewhere',
    kind: 'remote',
    condition: { workplace: ['office', 'hybrid'] },
    title: { pl: 'Wolisz pracę zdalną?', en: 'Prefer working remotely?' },
    text: { pl: 'Sprawdź zdalne oferty z kategorii {category}.', en: 'Check remote {category} offers.' },
    cta: { pl: 'Praca zdalna', en: 'Remote jobs' },
    target: { remote: true },
  },
  {
    id: 'remote-more',
    kind: 'remote',
    condition: { workplace: ['remote'] },
    title: { pl: 'Więcej pracy zdalnej', en: 'More remote work' },
    text: { pl: 'Ta oferta jest zdalna. Zobacz inne zdalne oferty z kategorii {category}.', en: 'This offer is remote. See other remote {category} offers.' },
    cta: { pl: 'Zdalne oferty', en: 'Remote offers' },
    target: { remote: true },
  },
];

/** Whether a banner's condition matches the offer's category slugs and work mode. */
export function bannerMatches(banner: Banner, categorySlugs: string[], workplace: string): boolean {
  const { categories, workplace: modes } = banner.condition;
  if (categories && !categories.some((slug) => categorySlugs.includes(slug))) return false;
  if (modes && !modes.includes(workplace)) return false;
  return true;
}

/** One banner of `kind` chosen at random among the matching ones (`random` in [0, 1)), or null. */
export function pickBanner(banners: Banner[], kind: Banner['kind'], categorySlugs: string[], workplace: string, random: () => number = Math.random): Banner | null {
  const matching = banners.filter((banner) => banner.kind === kind && bannerMatches(banner, categorySlugs, workplace));
  if (!matching.length) return null;
  const index = Math.min(matching.length - 1, Math.floor(random() * matching.length));
  return matching[index];
}
