import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps allowed formatting', () => {
    expect(sanitizeHtml('<h3>O nas</h3><p>Hej <strong>ty</strong><br/>!</p><ul><li>a</li></ul>')).toBe('<h3>O nas</h3><p>Hej <strong>ty</strong><br>!</p><ul><li>a</li></ul>');
  });

  it('drops scripts, styles and event handlers', () => {
    expect(sanitizeHtml('<p onclick="x()">a<script>alert(1)</script><style>p{}</style>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>t')).toBe('t');
    expect(sanitizeHtml('<iframe src="//evil"><p>x</p></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('keeps only safe links', () => {
    expect(sanitizeHtml('<a href="https://x.pl/a?b=1&amp;c=2" style="x">x</a>')).toBe('<a href="https://x.pl/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('//evil.com')).toBeNull();
    expect(safeHref('mailto:a@b.pl')).toBe('mailto:a@b.pl');
  });

  it('escapes stray brackets, removes comments and balances tags', () => {
    expect(sanitizeHtml('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
    expect(sanitizeHtml('<!-- x --><p>a<b>b</p>')).toBe('<p>a<b>b</b></p>');
    expect(sanitizeHtml('</div><p>x')).toBe('<p>x</p>');
    expect(sanitizeHtml('<h1>T</h1>')).toBe('<h2>T</h2>');
    expect(sanitizeHtml('<p title="a>b">x</p>')).toBe('<p>x</p>');
  });
});
