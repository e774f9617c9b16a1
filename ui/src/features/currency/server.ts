/** Server side only (reads the request cookies). */
import { cookies } from 'next/headers';
import type { BoardConfig, Currency } from '@/lib/types';
import { CURRENCY_COOKIE, resolveCurrency } from './currency';

/** The request's currency on the server: the address's `currency`, else the cookie, else the default. */
export async function requestCurrency(config: BoardConfig, urlValue?: string | string[] | null): Promise<Currency> {
  const store = await cookies();
  return resolveCurrency(urlValue, store.get(CURRENCY_COOKIE)?.value, config);
}
