/** Text and size of a cluster marker. */

/** Spec: marker number labels cap at 99+. */
export const LABEL_CAP = 99;

/** The label of a cluster of `count` offers: the number up to 99, then "99+". */
export function clusterLabel(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  const whole = Math.floor(count);
  return whole > LABEL_CAP ? `${LABEL_CAP}+` : String(whole);
}

/** Diameter in pixels of a cluster bubble: grows with the logarithm of the count, 28 to 56. */
export function bubbleSize(count: number): number {
  const safe = Math.max(1, Number.isFinite(count) ? count : 1);
  return Math.round(Math.min(56, 28 + Math.log10(safe) * 10));
}
