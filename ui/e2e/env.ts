/** Addresses the journeys use (see playwright.config.ts). */
export const baseURL = (process.env.E2E_BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** The API itself (not through the web app): the board's configuration and offers to pick from. */
export const apiURL = (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
/** The board of E2E_BASE_URL's host (127.0.0.1 is the first board's; boards.spec.ts opens the others by host name). */
export const tenant = process.env.WAKAT_TENANT || 'it';
