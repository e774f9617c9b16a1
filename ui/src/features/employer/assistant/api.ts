/**
 * The assistant's one HTTP call: its hub token (`POST /v2/employer-panel/assistant/hub-token`,
 * the employer's session through the forwarder), `{token, expiresAt: RFC 3339}`, read into the
 * shape the hub-token cache keeps (`{accessToken, expiresAt: Unix seconds}`).
 */
import { ApiError } from '@/lib/api-client';
import type { HubToken } from '@/lib/hub/token';
import type { Schemas, Served } from '@/lib/types';
import { employerWrite } from '@/features/employer/session/client';

type TokenAnswer = Served<Schemas['AssistantHubTokenDto']>;

/** The cache's token from the API's answer (an unreadable expiry: a minute, then a new token). */
export function hubTokenOf(answer: TokenAnswer | null, nowMs = Date.now()): HubToken {
  if (!answer?.token) throw new ApiError(500, 'http_500', 'no hub token');
  const seconds = Date.parse(answer.expiresAt) / 1000;
  return { accessToken: answer.token, expiresAt: Number.isFinite(seconds) ? seconds : nowMs / 1000 + 60 };
}

export async function assistantHubToken(): Promise<HubToken> {
  return hubTokenOf(await employerWrite<TokenAnswer>('POST', '/v2/employer-panel/assistant/hub-token'));
}
