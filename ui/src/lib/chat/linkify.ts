/**
 * Finds the web addresses in a message's plain text, so the thread can render them as links and
 * everything else as text (React escapes it: a message is never HTML). Only `http:`/`https:`
 * addresses and `www.` names become links; a `javascript:` or `data:` text stays text. Pure:
 * unit-tested (`linkify.test.ts`).
 */

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A candidate: a scheme'd address or a www. name, up to whitespace or a character no address
// holds unescaped. Trailing punctuation is trimmed afterwards.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`\u00a0\u2028\u2029]+/giu;
const TRAILING = /[.,;:!?'"’”)\]}>*_~]$/u;
// Longest address made a link; anything longer is left as text.
const MAX_LINK_CHARS = 2048;

/** Drops trailing punctuation a sentence puts after an address; keeps a `)` that closes one in it. */
function trimTrailing(text: string): string {
  let end = text;
  while (TRAILING.test(end)) {
    const last = end[end.length - 1];
    if (last === ')') {
      const opens = end.split('(').length - 1;
      const closes = end.split(')').length - 1;
      if (opens >= closes) break;
    }
    end = end.slice(0, -1);
  }
  return end;
}

/** The link target of an address as written, or null when it is not a usable http(s) URL. */
export function linkTarget(text: string): string | null {
  const withScheme = /^www\./i.test(text) ? `https://${text}` : text;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A host is needed ("https://" alone or "https://." is not an address), with a dot or localhost.
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** Splits `text` into text and link segments, in order; joined, their texts are `text` again. */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  const pushText = (part: string) => {
    if (!part) return;
    const last = segments[segments.length - 1];
    if (last?.kind === 'text') last.text += part;
    else segments.push({ kind: 'text', text: part });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    // `\b` also matches inside a run of address characters ("foo.https://", "a/www.b"): an
    // address starts the text or follows something no address or word is made of.
    if (start > 0 && /[\p{L}\p{N}._/@+-]/u.test(text[start - 1])) continue;
    const address = trimTrailing(match[0]);
    const href = address.length <= MAX_LINK_CHARS ? linkTarget(address) : null;
    if (!href) continue;
    pushText(text.slice(cursor, start));
    segments.push({ kind: 'link', text: address, href });
    cursor = start + address.length;
  }
  pushText(text.slice(cursor));
  return segments;
}
