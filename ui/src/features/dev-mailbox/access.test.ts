import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost, mailboxVisitorAllowed } from './access';

const request = (pairs: Record<string, string>) => new Headers(pairs);

describe('dev mailbox access', () => {
  it('knows the loopback addresses as Node and proxies write them', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]', '[::1]:3000', '127.0.0.1:4711']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '10.0.0.1', '0.0.0.0', '', 'localhost', '127.0.0.256', '1127.0.0.1', 'unknown']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    expect(isLoopbackAddress(null)).toBe(false);
  });

  it('knows the loopback host names', () => {
    for (const host of ['localhost', 'localhost:3000', 'it.localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['wakat.example', 'localhost.wakat.example', '192.0.2.2:3000', '127.0.0.1.nip.io', 'evil.example:3000', '', '[fd00::2]:3000']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('opens the page to a loopback visitor on a loopback host only', () => {
    expect(mailboxVisitorAllowed(request({ 'x-forwarded-for': '127.0.0.1', 'x-wakat-board-host': '127.0.0.1:3000', host: '127.0.0.1:3000' }))).toBe(true);
    expect(mailboxVisitorAllowed(request({ 'x-forwarded-for': '::1', host: 'it.localhost:3000' }))).toBe(true);
    // A visitor from elsewhere, whatever host it names.
    expect(mailboxVisitorAllowed(request({ 'x-forwarded-for': '192.0.2.9', host: 'localhost:3000' }))).toBe(false);
    expect(mailboxVisitorAllowed(request({ 'x-forwarded-for': '127.0.0.1, 192.0.2.9', host: 'localhost:3000' }))).toBe(false);
    // A public host name (a reverse proxy on this machine makes every visitor loopback).
    expect(mailboxVisitorAllowed(request({ 'x-forwarded-for': '127.0.0.1', 'x-wakat-board-host': 'wakat.example', host: 'localhost:3000' }))).toBe(false);
    // No address at all: nothing vouches for the visitor.
    expect(mailboxVisitorAllowed(request({ host: 'localhost:3000' }))).toBe(false);
  });
});
