/**
 * Runs once before the journeys: the API must already answer (scripts/test starts it; see README).
 * Stops the run at once with a clear message instead of 42 journeys timing out one by one.
 */
import { apiURL } from './env';

export default async function globalSetup(): Promise<void> {
  const url = `${apiURL}/api/openapi.json`;
  let problem: string | null = null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) problem = `answered ${response.status}`;
  } catch (error) {
    problem = String((error as Error).cause ?? error);
  }
  if (problem) {
    throw new Error(
      `The Wakat API does not answer on ${apiURL} (GET ${url}: ${problem}).\n` +
        `Start it first (e.g. \`cargo run -- serve\` from the repository root, or scripts/start), or point WAKAT_API_URL at it.`,
    );
  }
}
