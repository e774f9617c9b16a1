/**
 * The board's currency choice, read by the list's filters (features/search) and the currency
 * preference (features/currency).
 */
import type { BoardConfig, Currency } from './types';

/** Whether the board lets visitors choose a currency (flag `currencyChange` and more than one currency). */
export function currencyChoosable(config: BoardConfig): boolean {
  return config.featureFlags.currencyChange === true && config.currencies.length > 1;
}

/** A currency code of the board (`eur`, `EUR`), or null when the board has no choice or does not list it. */
export function parseCurrency(value: string | null | undefined, config: BoardConfig): Currency | null {
  if (!value || !currencyChoosable(config)) return null;
  const code = value.trim().toLowerCase();
  return (config.currencies as string[]).includes(code) ? (code as Currency) : null;
}
