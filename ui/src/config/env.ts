/** Environment of the web app, read once. Values are checked here so misconfiguration fails early. */

function url(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? '').trim() || fallback;
  if (!/^https?:\/\/[^\s/]+/.test(text)) throw new Error(`${name} must be an http(s) URL, got '${text}'`);
  return text.replace(/\/+$/, '');
}

import { originsOf } from '@/lib/security-headers';

export const env = {
  /** Where the server renders fetch the API from (also where `/api/*` forwards the allow-listed public calls). */
  apiUrl: url('WAKAT_API_URL', process.env.WAKAT_API_URL, 'http://127.0.0.1:8080'),
  /** Origins besides the app's own that offer banner images may come from (the page CSP's img-src). */
  imageOrigins: originsOf([process.env.WAKAT_IMAGE_ORIGINS]),
};
