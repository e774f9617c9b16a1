/**
 * The captcha widget's script and API (Turnstile, hCaptcha and reCAPTCHA v2 share one shape:
 * `render(element, {sitekey, callback, 'expired-callback', 'error-callback'})` → id, `reset(id)`).
 * The script is loaded once per URL, by the app's own code (the page policy's 'strict-dynamic'
 * trusts it), and its global is awaited: reCAPTCHA defines `render` only after its own start.
 */
import type { CaptchaKind } from '@/lib/boards';

export interface CaptchaApi {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
  remove?(id: string | number): void;
}

/** The global each widget's script defines. */
export const CAPTCHA_GLOBALS: Record<CaptchaKind, string> = { turnstile: 'turnstile', hcaptcha: 'hcaptcha', recaptcha: 'grecaptcha' };

const scripts = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`the captcha script ${url} did not load`));
      document.head.appendChild(script);
    });
    // A failed load may be retried by the next form.
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

function readyApi(kind: CaptchaKind): CaptchaApi | null {
  const api = (window as unknown as Record<string, Partial<CaptchaApi> | undefined>)[CAPTCHA_GLOBALS[kind]];
  return api && typeof api.render === 'function' && typeof api.reset === 'function' ? (api as CaptchaApi) : null;
}

/** The widget's API once its script has loaded and started; rejects after `timeoutMs`. */
export async function loadCaptchaApi(kind: CaptchaKind, scriptUrl: string, timeoutMs = 10_000): Promise<CaptchaApi> {
  await loadScript(scriptUrl);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const api = readyApi(kind);
    if (api) return api;
    if (Date.now() > deadline) throw new Error(`the ${kind} widget did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Forgets loaded scripts (tests). */
export function resetCaptchaScripts(): void {
  scripts.clear();
}
