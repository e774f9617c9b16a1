/**
 * Helpers of "Candidates for this offer" (panel-candidates.spec.ts): passive candidates made through
 * the API — registered, confirmed from the dev mailbox, opened up to offers with complete
 * matchmaking preferences (`PUT /v1/candidate/chat/profile`) — and the employer's and candidate's
 * chat calls the journeys set the scene with.
 */
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { linkFromMail, PASSWORD, uniqueEmail } from './candidate';
import { apiURL, tenant } from './env';
import type { BoardConfig } from './fixtures';

/** What a candidate wants (the contract's `ProfileInput` without `openToOffers`). */
export interface PassivePreferences {
  skills: string[];
  experienceLevels: string[];
  cities: string[];
  remote: boolean;
  salaryMin: number | null;
  currency: string;
  salaryUnit: string;
  categories: number[];
  contractTypes: string[];
}

export interface PassiveCandidate {
  /** The anonymous reference employers see (`publicId`). */
  ref: string;
  email: string;
  /** The candidate's own API session (cookies and CSRF header). */
  api: APIRequestContext;
  csrf: string;
  preferences: PassivePreferences;
}

/** The value of a category of the board by its slug (subcategories included). */
export function categoryValue(config: BoardConfig, slug: string): number {
  type Node = { slug: string; value: number; children?: Node[] };
  const all = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...all(node.children ?? [])]);
  const found = all((config as unknown as { categories: Node[] }).categories).find((node) => node.slug === slug);
  expect(found, `category ${slug} of the board`).toBeDefined();
  return found!.value;
}

/** Registers and confirms a candidate, then opens them up to offers with `preferences`. */
export async function passiveCandidate(playwright: PlaywrightWorkerArgs['playwright'], request: APIRequestContext, label: string, preferences: PassivePreferences): Promise<PassiveCandidate> {
  const email = uniqueEmail(label);
  const base = `${apiURL}/api/${tenant}`;
  const api = await playwright.request.newContext();
  const registered = await api.post(`${base}/v1/candidate/register`, { data: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Passive', lang: 'pl', acceptedTerms: true } });
  expect(registered.status(), `register: ${await registered.text()}`).toBe(202);
  const link = new URL(await linkFromMail(request, email, '/account/confirm'), 'http://x');
  const confirmed = await api.post(`${base}/v1/candidate/confirm`, { data: { token: link.searchParams.get('token') } });
  expect(confirmed.status(), `confirm: ${await confirmed.text()}`).toBe(200);
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'wakat_csrf')?.value ?? '';
  expect(csrf, 'the session has a CSRF cookie').not.toBe('');
  const person = { ref: '', email, api, csrf, preferences };
  const answer = await saveProfile(person, true);
  expect(answer.missing, 'complete preferences').toEqual([]);
  expect(answer.findable, 'findable by employers').toBe(true);
  return { ...person, ref: answer.profile!.publicId };
}

async function saveProfile(person: PassiveCandidate, openToOffers: boolean) {
  const { salaryUnit, categories, contractTypes, ...rest } = person.preferences;
  const saved = await person.api.put(`${apiURL}/api/${tenant}/v1/candidate/chat/profile`, {
    headers: { 'X-CSRF-Token': person.csrf },
    data: { openToOffers, preferences: rest, salaryUnit, categories, contractTypes },
  });
  expect(saved.status(), `chat profile: ${await saved.text()}`).toBe(200);
  return (await saved.json()) as { profile: { publicId: string } | null; findable: boolean; missing: string[] };
}

/**
 * Closes the candidates' profiles to offers (they are no longer listed) and ends their sessions: the
 * board's passive candidates do not pile up over the runs of a journey against the same data.
 */
export async function retire(people: PassiveCandidate[]): Promise<void> {
  for (const person of people.splice(0)) {
    await saveProfile(person, false).catch(() => undefined);
    await person.api.dispose();
  }
}

/** The employer's conversation request through the API (as another recruiter of the company would send it). */
export async function requestViaApi(request: APIRequestContext, token: string, offerSlug: string, candidateRef: string, message = 'Dzień dobry, porozmawiamy?') {
  return request.post(`${apiURL}/api/${tenant}/v2/employer-panel/chat/conversation-requests`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { offerSlug, candidateRef, message },
  });
}

/** "Candidates for this offer" as the API answers it to the employer. */
export async function candidatesViaApi(request: APIRequestContext, token: string, offerSlug: string) {
  const response = await request.get(`${apiURL}/api/${tenant}/v2/employer-panel/offers/${offerSlug}/candidates`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `candidates: ${(await response.text()).slice(0, 300)}`).toBe(200);
  return (await response.json()) as { items: { candidate: { candidateRef: string }; score: { percent: number }; request: { status: string } | null }[]; dailyLimit: number; sentToday: number };
}

/** The candidate answers the one waiting request: accepts (sharing nothing) or declines. */
export async function answerInvite(candidate: PassiveCandidate, answer: 'accept' | 'decline'): Promise<void> {
  const base = `${apiURL}/api/${tenant}/v1/candidate/chat/conversation-requests`;
  let id = '';
  await expect
    .poll(async () => {
      const invites = (await (await candidate.api.get(`${base}?status=received`)).json()) as { items: { conversationRequestId: string }[] };
      id = invites.items[0]?.conversationRequestId ?? '';
      return id !== '';
    }, { message: `an invite for ${candidate.email}` })
    .toBe(true);
  const body = answer === 'accept' ? { shareName: false, shareEmail: false, cvDocumentId: null } : { blockCompany: false };
  const answered = await candidate.api.post(`${base}/${id}/${answer}`, { headers: { 'X-CSRF-Token': candidate.csrf }, data: body });
  expect(answered.status(), `${answer}: ${await answered.text()}`).toBeLessThan(300);
}
