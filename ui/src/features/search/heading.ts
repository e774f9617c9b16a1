/** The list page's heading: with the `listCounter` flag it leads with the number of offers, else it names the list. */
import type { Translator } from '@/i18n/translate';
import { showListCounter, type FeatureFlags } from '@/lib/flags';
import { formatNumber } from '@/lib/format';

export function listHeading(flags: FeatureFlags, t: Translator, total: number, where: readonly string[]): string {
  const place = where.join(', ');
  if (showListCounter(flags)) return place ? t('list.countIn', { count: total, n: formatNumber(total), where: place }) : t('list.count', { count: total, n: formatNumber(total) });
  return place ? t('list.titleIn', { where: place }) : t('list.title');
}
