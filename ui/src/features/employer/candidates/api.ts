/**
 * The browser calls of "Candidates for this offer" (through the app's forwarder, with the
 * employer's bearer token and CSRF header): sending a conversation request.
 */
import { employerWrite } from '@/features/employer/session/client';
import { ApiError } from '@/lib/api-client';
import { normalizedMessage } from './request-form';
import type { ConversationRequestInput, SentRequest } from './types';

export const CONVERSATION_REQUESTS_PATH = '/v2/employer-panel/chat/conversation-requests';

/** The ranked list of an offer (`GET`, employer session). */
export const offerCandidatesPath = (slug: string) => `/v2/employer-panel/offers/${encodeURIComponent(slug)}/candidates`;

/** Sends a conversation request with its first message (as the API will store it); throws `ApiError`. */
export async function sendConversationRequest(input: ConversationRequestInput): Promise<SentRequest> {
  const sent = await employerWrite<SentRequest>('POST', CONVERSATION_REQUESTS_PATH, { ...input, message: normalizedMessage(input.message) });
  if (!sent) throw new ApiError(500, 'http_500', 'the API answered no request');
  return sent;
}
