import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCaptchaApi, resetCaptchaScripts } from './captcha';

/** A minimal page: scripts appended to <head> "load" on the next tick and run `onLoad`. */
function fakePage(onLoad: (src: string) => void, fail = false) {
  const appended: string[] = [];
  const document = {
    createElement: () => ({ src: '', async: false, onload: null as null | (() => void), onerror: null as null | (() => void) }),
    head: {
      appendChild(script: { src: string; onload: null | (() => void); onerror: null | (() => void) }) {
        appended.push(script.src);
        setTimeout(() => {
          if (fail) script.onerror?.();
          else {
            onLoad(script.src);
            script.onload?.();
          }
        }, 0);
      },
    },
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', globalThis);
  return appended;
}

const api = { render: () => 'w1', reset: () => undefined };

describe('loadCaptchaApi', () => {
  beforeEach(() => resetCaptchaScripts());
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<string, unknown>).turnstile;
    delete (globalThis as Record<string, unknown>).grecaptcha;
  });

  it('loads the script once and answers its global', async () => {
    const appended = fakePage(() => Object.assign(globalThis, { turnstile: api }));
    const [first, second] = await Promise.all([loadCaptchaApi('turnstile', 'https://c.example/api.js'), loadCaptchaApi('turnstile', 'https://c.example/api.js')]);
    expect(first).toBe(api);
    expect(second).toBe(api);
    expect(appended).toEqual(['https://c.example/api.js']);
  });

  it('waits for a global that starts after its script (reCAPTCHA)', async () => {
    fakePage(() => setTimeout(() => Object.assign(globalThis, { grecaptcha: api }), 120));
    await expect(loadCaptchaApi('recaptcha', 'https://r.example/api.js')).resolves.toBe(api);
  });

  it('fails when the script does not load, and tries again next time', async () => {
    const appended = fakePage(() => undefined, true);
    await expect(loadCaptchaApi('hcaptcha', 'https://h.example/api.js')).rejects.toThrow(/did not load/);
    await expect(loadCaptchaApi('hcaptcha', 'https://h.example/api.js')).rejects.toThrow();
    expect(appended).toHaveLength(2);
  });

  it('fails when the widget never starts', async () => {
    fakePage(() => undefined);
    await expect(loadCaptchaApi('turnstile', 'https://c.example/silent.js', 100)).rejects.toThrow(/did not start/);
  });
});
