'use client';
/**
 * Sends the real-time-bidding event of a list page (see `../real-time-bidding.ts`) once per list
 * shown: a `realTimeBidding` `CustomEvent` on `window` for the board's ad scripts and the same
 * entry in `window.dataLayer` (the tag managers' queue, created when absent). Renders nothing.
 */
import { useEffect } from 'react';
import { REAL_TIME_BIDDING_EVENT } from '../real-time-bidding';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function RealTimeBidding({ slugs }: { slugs: string[] }) {
  const key = slugs.join(' ');
  useEffect(() => {
    const list = key.split(' ');
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: REAL_TIME_BIDDING_EVENT, slugs: list });
    window.dispatchEvent(new CustomEvent(REAL_TIME_BIDDING_EVENT, { detail: { slugs: list } }));
  }, [key]);
  return null;
}
