/** Environment of the web app, read once. Values are checked here so misconfiguration fails early. */

function url(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? '').trim() || fallback;
  if (!/^https?:\/\/[^\s/]+/.test(text)) throw new Error(`${name} must be an http(s) URL, got '${text}'`);
  return text.replace(/\/+$/, '');
}

export const env = {
  /** Where the server renders fetch the API from (also where `/api/*` forwards the allow-listed public calls). */
  apiUrl: url('WAKAT_API_URL', process.env.WAKAT_API_URL, 'http://127.0.0.1:8080'),
};
