/** Company types of brand stories and their labels' message keys. */
import type { MessageKey } from '@/i18n/translate';

export const COMPANY_TYPES = ['startup', 'software-house', 'e-commerce', 'corporation', 'agency', 'other'] as const;

/** The label key of a company type; unknown types read as 'other'. */
export function companyTypeKey(type: string): MessageKey {
  const known = (COMPANY_TYPES as readonly string[]).includes(type) ? type : 'other';
  return `brands.type.${known}` as MessageKey;
}
