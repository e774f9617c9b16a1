/**
 * The assistant's one HTTP call: its hub token (`POST /v2/employer-panel/assistant/hub-token`,
 * the employer's session through the forwarder). The answer is read as `{token | accessToken,
 * expiresAt}` with `expiresAt` as Unix seconds or an RFC 3339 time, the shape the hub-token cache
 * keeps being `{accessToken, expiresAt: seconds}`.
 */
import { ApiError } from '@/lib/api-client';
import type { HubToken } from '@/lib/hub/token';
import { employerWrite } from '@/features/employer/session/client';

interface TokenAnswer {
  token?: string;
  accessToken?: string;
  expiresAt?: number | string;
}

/** The cache's token from the API's answer (a token without a readable expiry lives a minute). */
export function hubTokenOf(answer: TokenAnswer | null, nowMs = Date.now()): HubToken {
  const accessToken = answer?.token ?? answer?.accessToken;
  if (!accessToken) throw new ApiError(500, 'http_500', 'no hub token');
  const raw = answer?.expiresAt;
  const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' ? Date.parse(raw) / 1000 : Number.NaN;
  return { accessToken, expiresAt: Number.isFinite(seconds) ? seconds : nowMs / 1000 + 60 };
}

export async function assistantHubToken(): Promise<HubToken> {
  return hubTokenOf(await employerWrite<TokenAnswer>('POST', '/v2/employer-panel/assistant/hub-token'));
}
