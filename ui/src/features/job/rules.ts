/** Pure rules of the offer page (candidate-side spec §2, §4, §9). */

/** Scrolled this far or less from the top, the mobile top bar stays hidden. */
export const TOP_BAR_THRESHOLD_PX = 168;

/** The back button goes back in history when it holds more than 2 entries, else to the offers root. */
export function backAction(historyLength: number): 'history' | 'root' {
  return historyLength > 2 ? 'history' : 'root';
}

/** The mobile top bar shows once the page is scrolled more than 168 px. */
export function isTopBarVisible(scrollY: number): boolean {
  return scrollY > TOP_BAR_THRESHOLD_PX;
}

/** Body of `POST /v1/views`. */
export function viewPayload(brand: string, offerSlug: string, now: Date): { brand: string; offerSlug: string; visitedAt: string } {
  return { brand, offerSlug, visitedAt: now.toISOString() };
}

/** Share targets of the share dialog. */
export function shareLinks(url: string): { facebook: string; linkedin: string } {
  const encoded = encodeURIComponent(url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
  };
}

/** The other locations of a multilocation offer ('+N more' on the card). */
export function otherLocations<T extends { slug: string }>(offer: { slug: string; multilocation: T[] }): T[] {
  return offer.multilocation.filter((location) => location.slug !== offer.slug);
}
