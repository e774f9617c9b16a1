import { describe, expect, it, vi } from 'vitest';
import { boardForHost, boardOrigin, captchaOrigins, createBoardDirectory, mapOrigins, hostName, hostPort, parseBoards, type Board } from './boards';

const IT: Board = { slug: 'it', name: 'Wakat IT', hosts: ['it.localhost', '127.0.0.1', 'localhost'], defaultLocale: 'pl', captcha: null, texts: {}, map: null };
const WORK: Board = { slug: 'work', name: 'Wakat Praca', hosts: ['work.localhost'], defaultLocale: 'pl', captcha: null, texts: {}, map: null };
const BOARDS = [IT, WORK];

describe('hostName', () => {
  it('lowercases and drops the port and a trailing dot', () => {
    expect(hostName('Work.Localhost:3300')).toBe('work.localhost');
    expect(hostName('it.localhost.')).toBe('it.localhost');
    expect(hostName('127.0.0.1:3000')).toBe('127.0.0.1');
    expect(hostName('[::1]:3000')).toBe('[::1]');
  });

  it('refuses missing and malformed hosts', () => {
    for (const bad of [null, undefined, '', ' ', 'a b', 'it.localhost:port', 'it..localhost', '-it.localhost', '[::1', '[::1]x', 'user@it.localhost', 'it.localhost/x']) {
      expect(hostName(bad), String(bad)).toBeNull();
    }
  });

  it('reads the port', () => {
    expect(hostPort('it.localhost:3300')).toBe(':3300');
    expect(hostPort('it.localhost')).toBe('');
    expect(hostPort('[::1]')).toBe('');
    expect(hostPort('[::1]:8080')).toBe(':8080');
  });
});

describe('boardForHost', () => {
  it('finds the board listing the host, whatever the port', () => {
    expect(boardForHost(BOARDS, 'work.localhost:3300')?.slug).toBe('work');
    expect(boardForHost(BOARDS, 'IT.localhost')?.slug).toBe('it');
    // The loopback names belong to the first board by default (API configuration).
    expect(boardForHost(BOARDS, '127.0.0.1:3300')?.slug).toBe('it');
    expect(boardForHost(BOARDS, 'localhost:3000')?.slug).toBe('it');
  });

  it('gives null for a host no board lists', () => {
    expect(boardForHost(BOARDS, 'nope.localhost:3300')).toBeNull();
    expect(boardForHost(BOARDS, 'work.localhost.evil.example')).toBeNull();
    expect(boardForHost(BOARDS, null)).toBeNull();
    expect(boardForHost([], 'it.localhost')).toBeNull();
  });
});

describe('boardOrigin', () => {
  it('is the primary host with the request port, https when served so', () => {
    expect(boardOrigin(IT, '127.0.0.1:3300', false)).toBe('http://it.localhost:3300');
    expect(boardOrigin(WORK, 'work.localhost:3300', false)).toBe('http://work.localhost:3300');
    expect(boardOrigin({ ...WORK, hosts: ['praca.example', 'www.praca.example'] }, 'www.praca.example', true)).toBe('https://praca.example');
  });
});

describe('parseBoards', () => {
  it("keeps a board's texts in the languages served, as strings", () => {
    const [board] = parseBoards({ data: [{ ...IT, texts: { 'home.heading': { pl: 'Praca w IT', en: 'IT jobs', de: 'IT-Jobs' }, broken: 3, 'home.jobsIn': { pl: 7 } } }] });
    expect(board.texts).toEqual({ 'home.heading': { pl: 'Praca w IT', en: 'IT jobs' }, 'home.jobsIn': {} });
  });

  it('keeps well-formed boards', () => {
    expect(parseBoards({ data: [IT, { slug: 'x' }, WORK, null] })).toEqual([IT, WORK]);
    expect(() => parseBoards({ boards: [] })).toThrow();
  });

  it('keeps a well-formed captcha widget and drops a malformed one (the board stays)', () => {
    const captcha = { widget: 'turnstile', siteKey: 'site', scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit' };
    expect(parseBoards({ data: [{ ...IT, captcha }] })[0].captcha).toEqual(captcha);
    expect(parseBoards({ data: [{ ...IT, captcha: { ...captcha, widget: 'friendly' } }] })[0].captcha).toBeNull();
    expect(parseBoards({ data: [{ ...IT, captcha: { ...captcha, scriptUrl: 'javascript:alert(1)' } }] })[0].captcha).toBeNull();
    expect(parseBoards({ data: [{ ...IT, captcha: undefined }] })[0].captcha).toBeNull();
  });
});

describe('board tile providers', () => {
  const provider = { styleUrl: 'https://tiles.example.com/styles/streets.json?key=k', styleUrlDark: null, attribution: '© Example', origins: ['https://glyphs.example.com'] };

  it('keeps a well-formed tile provider and drops a malformed one (the board stays, offline)', () => {
    expect(parseBoards({ data: [{ ...IT, map: provider }] })[0].map).toEqual(provider);
    expect(parseBoards({ data: [{ ...IT, map: { ...provider, styleUrl: '/map/style.json' } }] })[0].map).toBeNull();
    expect(parseBoards({ data: [{ ...IT, map: { ...provider, styleUrl: 'javascript:alert(1)' } }] })[0].map).toBeNull();
    const sloppy = parseBoards({ data: [{ ...IT, map: { styleUrl: provider.styleUrl, styleUrlDark: 'data:x', attribution: '  ', origins: ['ftp://x', 'https://a.example.com'] } }] })[0].map;
    expect(sloppy).toEqual({ styleUrl: provider.styleUrl, styleUrlDark: null, attribution: null, origins: ['https://a.example.com'] });
    expect(parseBoards({ data: [{ ...IT, map: undefined }] })[0].map).toBeNull();
  });

  it("allows every board's style origins and listed origins in the page policy, once each", () => {
    const dark = { ...provider, styleUrlDark: 'https://dark.example.org:8443/dark.json', origins: ['https://glyphs.example.com', 'https://*.cdn.example.com'] };
    expect(mapOrigins([{ ...IT, map: provider }, { ...WORK, map: dark }])).toEqual([
      'https://tiles.example.com',
      'https://glyphs.example.com',
      'https://dark.example.org:8443',
      'https://*.cdn.example.com',
    ]);
    expect(mapOrigins(BOARDS)).toEqual([]);
  });
});

describe('captchaOrigins', () => {
  it("names the widget script's origin and the provider's frames, once each", () => {
    const own = { widget: 'hcaptcha' as const, siteKey: 's', scriptUrl: 'https://captcha.example:8443/api.js' };
    expect(captchaOrigins([{ ...IT, captcha: own }, { ...WORK, captcha: own }])).toEqual(['https://captcha.example:8443', 'https://hcaptcha.com', 'https://*.hcaptcha.com']);
    expect(captchaOrigins(BOARDS)).toEqual([]);
  });
});

describe('createBoardDirectory', () => {
  it('caches the list for the TTL and asks again after it', async () => {
    let clock = 0;
    const load = vi.fn(async () => BOARDS);
    const directory = createBoardDirectory(load, { ttlMs: 1000, now: () => clock });
    expect((await directory.resolve('work.localhost'))?.slug).toBe('work');
    clock = 999;
    expect((await directory.resolve('it.localhost'))?.slug).toBe('it');
    expect(load).toHaveBeenCalledTimes(1);
    clock = 1000;
    await directory.boards();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent lookups', async () => {
    let release: (boards: Board[]) => void = () => {};
    const load = vi.fn(() => new Promise<Board[]>((resolve) => (release = resolve)));
    const directory = createBoardDirectory(load);
    const lookups = Promise.all([directory.resolve('it.localhost'), directory.resolve('work.localhost'), directory.resolve('nope.localhost')]);
    release(BOARDS);
    expect((await lookups).map((board) => board?.slug ?? null)).toEqual(['it', 'work', null]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the last list when a refresh fails, and fails only without any list', async () => {
    let clock = 0;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<() => Promise<Board[]>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(BOARDS).mockRejectedValue(new Error('down again'));
    const directory = createBoardDirectory(load, { ttlMs: 10, now: () => clock });
    await expect(directory.resolve('it.localhost')).rejects.toThrow('down');
    expect((await directory.resolve('work.localhost'))?.slug).toBe('work');
    clock = 100;
    expect((await directory.resolve('work.localhost'))?.slug).toBe('work');
    expect(errors).toHaveBeenCalledTimes(1);
    // The failed refresh counts as one: no new request until another TTL has passed.
    clock = 105;
    await directory.boards();
    expect(load).toHaveBeenCalledTimes(3);
    errors.mockRestore();
  });
});
