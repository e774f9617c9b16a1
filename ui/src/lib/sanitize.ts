/**
 * A small allow-list HTML sanitiser for offer descriptions (server side, no DOM, no network).
 * Keeps a fixed set of formatting tags, drops every attribute except a safe `href` on links,
 * removes dangerous elements with their content, escapes stray `<`, `>` and `&`, and balances tags.
 */

const ALLOWED = new Set([
  'p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'h5', 'h6',
  'a', 'blockquote', 'code', 'pre', 'span', 'div', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'sub', 'sup',
]);
const VOID = new Set(['br', 'hr']);
/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select', 'title', 'head']);
/** h1 belongs to the page title, so description headings start at h2. */
const RENAME: Record<string, string> = { h1: 'h2' };

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>\/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/gi, '&');
}

/** Returns the href when it is http(s), mailto, a relative path or a fragment; else null. */
export function safeHref(raw: string): string | null {
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:|mailto:)/i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  if (value.startsWith('//')) return null;
  return value.startsWith('/') || value.startsWith('#') ? value : null;
}

export function sanitizeHtml(input: string): string {
  let output = '';
  const open: string[] = [];
  let dropDepth = 0;
  let dropTag = '';
  let index = 0;
  let text = '';
  const flushText = () => {
    if (text && dropDepth === 0) output += escapeText(text);
    text = '';
  };

  while (index < input.length) {
    const char = input[index];
    if (char !== '<') {
      text += char;
      index += 1;
      continue;
    }
    if (input.startsWith('<!--', index)) {
      flushText();
      const end = input.indexOf('-->', index + 4);
      index = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input.startsWith('<!', index) || input.startsWith('<?', index)) {
      flushText();
      const end = input.indexOf('>', index);
      index = end === -1 ? input.length : end + 1;
      continue;
    }
    TAG.lastIndex = index;
    const match = TAG.exec(input);
    if (!match) {
      text += char;
      index += 1;
      continue;
    }
    flushText();
    index = TAG.lastIndex;
    const closing = match[1] === '/';
    const rawName = match[2].toLowerCase();
    const name = RENAME[rawName] ?? rawName;

    if (dropDepth > 0) {
      if (rawName === dropTag) dropDepth += closing ? -1 : match[4] ? 0 : 1;
      continue;
    }
    if (DROP_WITH_CONTENT.has(rawName)) {
      if (!closing && !match[4]) {
        dropDepth = 1;
        dropTag = rawName;
      }
      continue;
    }
    if (!ALLOWED.has(name)) continue;

    if (closing) {
      const position = open.lastIndexOf(name);
      if (position === -1) continue;
      while (open.length > position) output += `</${open.pop()}>`;
      continue;
    }
    let attributes = '';
    if (name === 'a') {
      let href: string | null = null;
      for (const attribute of match[3].matchAll(ATTRIBUTE)) {
        if (attribute[1].toLowerCase() === 'href') href = safeHref(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      }
      if (href) attributes = ` href="${escapeAttribute(href)}" rel="nofollow noopener noreferrer" target="_blank"`;
    }
    if (VOID.has(name)) {
      output += `<${name}>`;
      continue;
    }
    output += `<${name}${attributes}>`;
    open.push(name);
  }
  flushText();
  while (open.length) output += `</${open.pop()}>`;
  return output;
}
