/** Environment of the web app, read once. Values are checked here so misconfiguration fails early. */

function url(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? '').trim() || fallback;
  if (!/^https?:\/\/[^\s/]+/.test(text)) throw new Error(`${name} must be an http(s) URL, got '${text}'`);
  return text.replace(/\/+$/, '');
}

function slug(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? '').trim() || fallback;
  if (!/^[a-z0-9-]+$/.test(text)) throw new Error(`${name} must be a tenant slug, got '${text}'`);
  return text;
}

export const env = {
  /** Where the server renders fetch the API from (also where `/api/*` forwards the allow-listed public calls). */
  apiUrl: url('WAKAT_API_URL', process.env.WAKAT_API_URL, 'http://127.0.0.1:8080'),
  /** The board (tenant) this app serves. */
  tenant: slug('WAKAT_TENANT', process.env.NEXT_PUBLIC_WAKAT_TENANT ?? process.env.WAKAT_TENANT, 'it'),
  /** Public origin of the app, for canonical URLs and Open Graph. */
  siteUrl: url('WAKAT_SITE_URL', process.env.WAKAT_SITE_URL, 'http://127.0.0.1:3000'),
};
