/**
 * Helpers of the chat journeys (chat-*.spec.ts, issue 25): a candidate's chat calls through the web
 * app (session cookie plus its CSRF header), a complete passive profile matching the offer
 * `employerWithOffer` publishes (JavaScript / React, senior, Rust, Kraków, B2B 10–20k PLN), an
 * employer's request to a candidate through the API, and the widget's locators.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiURL, baseURL, tenant, type BoardConfig } from './fixtures';

const CHAT = `/api/${tenant}/v1/candidate/chat`;

/** The candidate's chat write through the web app, with the session's CSRF token. */
export async function candidateChatWrite(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'wakat_csrf')?.value ?? '';
  return page.request.fetch(`${baseURL}${CHAT}${path}`, { method, headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' }, data: data === undefined ? undefined : JSON.stringify(data) });
}

/** The candidate's chat read through the web app. */
export async function candidateChatGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${baseURL}${CHAT}${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The category value of a slug of the board's tree (parents and children). */
export function categoryValue(config: BoardConfig, slug: string): number {
  const all = (config.categories as unknown as { slug: string; value: number; children?: { slug: string; value: number }[] }[]).flatMap((category) => [category, ...(category.children ?? [])]);
  const found = all.find((category) => category.slug === slug);
  expect(found, `category ${slug}`).toBeDefined();
  return found!.value;
}

/** A complete passive profile, open to offers, that the offer of `employerWithOffer` matches. */
export function matchingProfile(config: BoardConfig) {
  return {
    openToOffers: true,
    preferences: { skills: ['Rust'], experienceLevels: ['senior'], cities: ['krakow'], remote: false, salaryMin: 12000, currency: 'pln' },
    salaryUnit: 'month',
    categories: [categoryValue(config, 'javascript')],
    contractTypes: ['b2b'],
  };
}

/** Makes the logged-in candidate of `page` a findable passive candidate; answers their reference for employers. */
export async function becomePassive(page: Page, config: BoardConfig): Promise<string> {
  const saved = await candidateChatWrite(page, 'PUT', '/profile', matchingProfile(config));
  expect(saved.status(), `PUT profile: ${await saved.text()}`).toBe(200);
  const answer = (await saved.json()) as { profile: { publicId: string }; findable: boolean };
  expect(answer.findable).toBe(true);
  return answer.profile.publicId;
}

/** The employer (bearer token) asks the candidate about the offer; answers the request. */
export async function sendRequest(request: APIRequestContext, token: string, offerSlug: string, candidateRef: string, message: string): Promise<{ id: string }> {
  const response = await request.post(`${apiURL}/api/${tenant}/v2/employer-panel/chat/conversation-requests`, { headers: { Authorization: `Bearer ${token}` }, data: { offerSlug, candidateRef, message } });
  expect(response.status(), `request: ${await response.text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

/** The widget and its parts. */
export function widget(page: Page) {
  const root = page.getByTestId('chat-widget');
  return {
    root,
    toggle: root.getByTestId('chat-widget-toggle'),
    badge: root.getByTestId('chat-widget-badge'),
    window: root.getByTestId('chat-window'),
    /** Expands the list (once the page is hydrated and the widget's code loaded). */
    async open() {
      await expect(root.getByTestId('chat-widget-toggle')).toBeVisible();
      if ((await root.getByTestId('chat-widget-toggle').getAttribute('aria-expanded')) !== 'true') await root.getByTestId('chat-widget-toggle').click();
      await expect(root.getByTestId('chat-widget-toggle')).toHaveAttribute('aria-expanded', 'true');
    },
  };
}
