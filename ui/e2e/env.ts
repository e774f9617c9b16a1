/** Addresses the journeys use (see playwright.config.ts). */
export const baseURL = (process.env.E2E_BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** The API itself (not through the web app): the board's configuration and offers to pick from. */
export const apiURL = (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
/** The board the web app was built for. */
export const tenant = process.env.WAKAT_TENANT || 'it';
