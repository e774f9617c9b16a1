/**
 * The chat's HTTP calls from browser code, per side: the candidate's under `/v1/candidate/chat`
 * (session cookie), the employer's under `/v2/employer-panel/chat` (the forwarder adds the bearer
 * token). Reads through `apiGet`, writes through `apiWrite` with the side's CSRF token.
 */
import { apiGet, apiUrl } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-write';
import type {
  AcceptInput,
  BlockedCompany,
  ChatProfileAnswer,
  ChatSide,
  ConversationList,
  ConversationView,
  HubToken,
  Invite,
  MessagePage,
  MessageView,
  ProfileInput,
  ReportReason,
  SentRequest,
} from './types';

export const CHAT_BASE: Record<ChatSide, string> = {
  candidate: '/v1/candidate/chat',
  employer: '/v2/employer-panel/chat',
};

/** Messages per page of history (the API's default; at most 100). */
export const HISTORY_PAGE_SIZE = 30;

const id = (value: string) => encodeURIComponent(value);

/** The calls both sides make, on one side's paths. */
export function chatApi(side: ChatSide) {
  const base = CHAT_BASE[side];
  const write = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => apiWrite<T>(method, `${base}${path}`, body, { session: side }) as Promise<T>;
  const conversation = (conversationId: string) => `/conversations/${id(conversationId)}`;
  return {
    side,
    /** The paths SWR keys are made of (a list refreshed after a live event). */
    keys: {
      conversations: `${base}/conversations`,
      conversation: (conversationId: string) => `${base}${conversation(conversationId)}`,
    },
    conversations: () => apiGet<ConversationList>(`${base}/conversations`),
    conversation: (conversationId: string) => apiGet<ConversationView>(`${base}${conversation(conversationId)}`),
    messages: (conversationId: string, before: number | null = null, pageSize = HISTORY_PAGE_SIZE) =>
      apiGet<MessagePage>(`${base}${conversation(conversationId)}/messages`, { before: before ?? undefined, pageSize }),
    /** The HTTP way to send (the hub's `SendMessage` is the usual one); a resend of `clientMessageId` answers the first message. */
    sendMessage: (conversationId: string, clientMessageId: string, text: string) => write<MessageView>('POST', `${conversation(conversationId)}/messages`, { clientMessageId, text }),
    markRead: (conversationId: string, upToSeq: number) => write<ConversationView>('POST', `${conversation(conversationId)}/read`, { upToSeq }),
    close: (conversationId: string) => write<ConversationView>('POST', `${conversation(conversationId)}/close`),
    hubToken: () => write<HubToken>('POST', '/hub-token'),
  };
}

export type ChatApi = ReturnType<typeof chatApi>;

const candidateBase = CHAT_BASE.candidate;
const candidateWrite = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => apiWrite<T>(method, `${candidateBase}${path}`, body) as Promise<T>;

/** The candidate's own calls: the passive profile, invites, blocks and reports. */
export const candidateChat = {
  profileKey: `${candidateBase}/profile`,
  invitesKey: `${candidateBase}/conversation-requests?status=received`,
  blocksKey: `${candidateBase}/blocks`,
  profile: () => apiGet<ChatProfileAnswer>(`${candidateBase}/profile`),
  saveProfile: (input: ProfileInput) => candidateWrite<ChatProfileAnswer>('PUT', '/profile', input),
  invites: () => apiGet<{ items: Invite[] }>(`${candidateBase}/conversation-requests`, { status: 'received' }),
  accept: (requestId: string, input: AcceptInput) => candidateWrite<ConversationView>('POST', `/conversation-requests/${id(requestId)}/accept`, input),
  decline: (requestId: string, blockCompany: boolean) => candidateWrite<Invite>('POST', `/conversation-requests/${id(requestId)}/decline`, { blockCompany }),
  block: (conversationId: string) => candidateWrite<ConversationView>('POST', `/conversations/${id(conversationId)}/block`),
  report: (conversationId: string, seq: number, reason: ReportReason, note: string | null) =>
    candidateWrite<{ id: string }>('POST', `/conversations/${id(conversationId)}/messages/${seq}/report`, { reason, note }),
  blocks: () => apiGet<{ items: BlockedCompany[] }>(`${candidateBase}/blocks`),
  unblock: (companyId: string) => candidateWrite<null>('DELETE', `/blocks/${id(companyId)}`),
};

const employerBase = CHAT_BASE.employer;

/** The employer's own calls: the requests sent. */
export const employerChat = {
  requestsKey: `${employerBase}/conversation-requests`,
  requests: () => apiGet<{ items: SentRequest[] }>(`${employerBase}/conversation-requests`),
  /** The CV the candidate shared in a conversation: a link the browser follows with the employer session. */
  sharedCvUrl: (conversationId: string) => apiUrl(`${employerBase}/conversations/${encodeURIComponent(conversationId)}/cv`),
};
