import { describe, expect, it } from 'vitest';
import { linkify, linkTarget } from './linkify';

const links = (text: string) => linkify(text).filter((segment) => segment.kind === 'link');

describe('linkify', () => {
  it('keeps plain text as one text segment', () => {
    expect(linkify('Dzień dobry, zapraszam na rozmowę.')).toEqual([{ kind: 'text', text: 'Dzień dobry, zapraszam na rozmowę.' }]);
    expect(linkify('')).toEqual([]);
  });

  it('finds http(s) addresses and www. names, in order, and joins back to the text', () => {
    const text = 'Opis: https://wakat.pl/job-offer/abc?x=1#top oraz www.example.com/a, a potem http://b.example.org.';
    const segments = linkify(text);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(links(text)).toEqual([
      { kind: 'link', text: 'https://wakat.pl/job-offer/abc?x=1#top', href: 'https://wakat.pl/job-offer/abc?x=1#top' },
      { kind: 'link', text: 'www.example.com/a', href: 'https://www.example.com/a' },
      { kind: 'link', text: 'http://b.example.org', href: 'http://b.example.org/' },
    ]);
  });

  it('leaves trailing sentence punctuation out, but keeps a bracket the address opened', () => {
    expect(links('(see https://example.com/a)').map((link) => link.text)).toEqual(['https://example.com/a']);
    expect(links('https://en.wikipedia.org/wiki/Rust_(programming_language).').map((link) => link.text)).toEqual(['https://en.wikipedia.org/wiki/Rust_(programming_language)']);
    expect(links('"https://example.com/q?a=1!"').map((link) => link.text)).toEqual(['https://example.com/q?a=1']);
  });

  it('never makes a link of other schemes or of HTML', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'JaVaScRiPt://example.com/%0aalert(1)', 'vbscript:msgbox', 'file:///etc/passwd']) {
      expect(links(text), text).toEqual([]);
    }
    const html = '<a href="javascript:alert(1)">https://evil.example</a>';
    const segments = linkify(html);
    expect(segments.map((segment) => segment.text).join('')).toBe(html);
    // The address inside stops at the markup; the markup itself stays text.
    expect(links(html).map((link) => link.href)).toEqual(['https://evil.example/']);
  });

  it('needs a visible boundary before an address and a real host', () => {
    expect(links('xhttps://example.com')).toEqual([]);
    expect(links('foo.https://example.com')).toEqual([]);
    expect(links('https://')).toEqual([]);
    expect(links('https://localhost:3000/a').map((link) => link.href)).toEqual(['https://localhost:3000/a']);
    expect(links('http://intranet/x')).toEqual([]);
  });

  it('refuses addresses with credentials (they can show one host and open another)', () => {
    expect(linkTarget('https://wakat.pl@evil.example/')).toBeNull();
    expect(links('https://user:pass@example.com/')).toEqual([]);
  });

  it('keeps line breaks and several links on several lines', () => {
    const text = 'a https://a.example\nb https://b.example\n';
    expect(linkify(text)).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'link', text: 'https://a.example', href: 'https://a.example/' },
      { kind: 'text', text: '\nb ' },
      { kind: 'link', text: 'https://b.example', href: 'https://b.example/' },
      { kind: 'text', text: '\n' },
    ]);
  });
});
