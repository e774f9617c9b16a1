// Security probe (issue "Close the open write path"): the web app's port must not forward the
// internal write API. A visitor's DELETE, POST and PUT of an offer through it are refused (404 or 405,
// never 2xx) and the offer is still there afterwards.
//
// The probes use a real, active offer of the board: a DELETE of an unknown slug answers 404 even
// through an open forwarder, so only a real one proves anything. Should the forwarder be open, the
// POST (the offer's own stored JSON, so a valid body) puts back what the DELETE removed.
import { readFileSync } from 'node:fs';
import { test, expect, apiURL, tenant } from './fixtures';

/** The stored offers of the board, one JSON object a line (what the API loads on first start). */
function storedOffers(): Record<string, unknown>[] {
  const file = new URL(`../../index-data/offers-${tenant}.jsonl`, import.meta.url);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Not found or method not allowed: anything else (2xx above all) means the request reached the API. */
const REFUSED = /^40[45]$/;

test('security-01-internal-write-api-not-reachable-through-the-web-app', async ({ request }) => {
  // The last stored offer that the API serves as active (the journeys pick offers from the top of lists).
  let offer: Record<string, unknown> | undefined;
  for (const candidate of storedOffers().reverse()) {
    const response = await request.get(`${apiURL}/api/${tenant}/v1/offers/${encodeURIComponent(String(candidate.slug))}`);
    if (response.status() === 200) {
      offer = candidate;
      break;
    }
  }
  expect(offer, 'an active stored offer to probe with').toBeDefined();
  const slug = encodeURIComponent(String(offer!.slug));

  // Each probe is reported on its own (soft), so one run shows every hole.
  const deleted = await request.delete(`/api/${tenant}/internal/offers/${slug}`);
  expect.soft(String(deleted.status()), `DELETE /api/${tenant}/internal/offers/{slug} through the web app answered ${deleted.status()}: ${(await deleted.text()).slice(0, 200)}`).toMatch(REFUSED);

  const created = await request.post(`/api/${tenant}/internal/offers`, { data: offer });
  expect.soft(String(created.status()), `POST /api/${tenant}/internal/offers through the web app answered ${created.status()}: ${(await created.text()).slice(0, 200)}`).toMatch(REFUSED);

  const replaced = await request.put(`/api/${tenant}/internal/offers/${slug}`, { data: offer });
  expect.soft(String(replaced.status()), `PUT /api/${tenant}/internal/offers/{slug} through the web app answered ${replaced.status()}: ${(await replaced.text()).slice(0, 200)}`).toMatch(REFUSED);

  const after = await request.get(`/api/${tenant}/v1/offers/${slug}`);
  expect(after.status(), 'the offer is still there (GET through the web app)').toBe(200);
});
