import { describe, expect, it } from 'vitest';
import { addresses, headerPairs, mailLinks, recipients } from './api';

describe('dev mailbox helpers', () => {
  it('finds the links of a mail, with their local path for the account pages', () => {
    const text = 'Hello!\nConfirm: http://127.0.0.1:3000/account/confirm?token=abc&favoriteOfferId=g1.\nTerms: https://wakat.example/terms-and-privacy-policies\nAgain http://127.0.0.1:3000/account/confirm?token=abc&favoriteOfferId=g1';
    expect(mailLinks(text)).toEqual([
      { href: 'http://127.0.0.1:3000/account/confirm?token=abc&favoriteOfferId=g1', local: '/account/confirm?token=abc&favoriteOfferId=g1' },
      { href: 'https://wakat.example/terms-and-privacy-policies', local: null },
    ]);
  });

  it('reads recipients and headers in either shape', () => {
    expect(recipients({ to: ['a@x.pl', 'b@x.pl'] })).toBe('a@x.pl, b@x.pl');
    expect(recipients({ to: 'a@x.pl' })).toBe('a@x.pl');
    expect(recipients({ to: { email: 'ada@example.com', name: 'Ada Lovelace' } })).toBe('Ada Lovelace <ada@example.com>');
    expect(addresses([{ email: 'a@x.pl', name: null }, 'b@x.pl'])).toBe('a@x.pl, b@x.pl');
    expect(headerPairs([{ name: 'List-Unsubscribe', value: '<x>' }])).toEqual([['List-Unsubscribe', '<x>']]);
    expect(headerPairs({ 'Message-Id': '<1>' })).toEqual([['Message-Id', '<1>']]);
    expect(headerPairs([['X-Tag', 'confirm']])).toEqual([['X-Tag', 'confirm']]);
    expect(headerPairs(null)).toEqual([]);
  });
});
