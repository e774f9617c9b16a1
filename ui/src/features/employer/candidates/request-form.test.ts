import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { sendConversationRequest } from './api';
import { failureKey } from './components/request-dialog';
import { hasForbiddenCharacter, messageCounter, messageErrorKey, messageLength, normalizedMessage, requestFailure, requestSchema, REQUEST_MESSAGE_MAX, sameCode } from './request-form';

const issues = (message: string) => {
  const parsed = requestSchema.safeParse({ message });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the first message', () => {
  it('is required: whitespace alone is no message', () => {
    expect(issues('')).toEqual(['messageRequired']);
    expect(issues(' \n\t \r\n')).toEqual(['messageRequired']);
    expect(issues('Dzień dobry')).toEqual([]);
  });

  it('may have 2,000 characters as a person counts them, whitespace around not counted', () => {
    expect(issues('ż'.repeat(REQUEST_MESSAGE_MAX))).toEqual([]);
    expect(issues(`  ${'a'.repeat(REQUEST_MESSAGE_MAX)}\n\n`)).toEqual([]);
    expect(issues('ż'.repeat(REQUEST_MESSAGE_MAX + 1))).toEqual(['messageTooLong']);
    // An emoji is one character (two UTF-16 units).
    expect(messageLength('👋'.repeat(1000))).toBe(1000);
    expect(issues('👋'.repeat(REQUEST_MESSAGE_MAX))).toEqual([]);
  });

  it('counts a Windows line end as one character, as the server stores it', () => {
    expect(normalizedMessage('  a\r\nb\rc  ')).toBe('a\nb\nc');
    expect(messageLength('a\r\nb')).toBe(3);
  });

  it('refuses control and text-direction characters but keeps newlines and tabs', () => {
    expect(hasForbiddenCharacter('line one\n\tline two')).toBe(false);
    expect(issues('a\u0007b')).toEqual(['messageCharacters']);
    expect(issues('cv\u202Efdp.exe')).toEqual(['messageCharacters']);
    expect(issues('x\u2066y')).toEqual(['messageCharacters']);
    // A left-to-right mark does not reorder anything.
    expect(issues('a\u200Eb')).toEqual([]);
  });

  it('has a counter that warns 100 before the limit and says when it is over', () => {
    expect(messageCounter('abc')).toEqual({ used: 3, left: 1997, warn: false, over: false });
    expect(messageCounter('a'.repeat(1900))).toMatchObject({ left: 100, warn: true, over: false });
    expect(messageCounter('a'.repeat(2001))).toMatchObject({ left: -1, warn: true, over: true });
  });

  it('names each issue in both languages', () => {
    for (const locale of ['pl', 'en'] as const) {
      const t = createTranslator(locale);
      for (const issue of ['messageRequired', 'messageTooLong', 'messageCharacters']) {
        const key = messageErrorKey(issue);
        expect(key).toBe(`employerCandidates.errors.${issue}`);
        expect(t(key)).not.toBe(key);
      }
    }
    expect(messageErrorKey('somethingNew')).toBe('employerCandidates.errors.messageInvalid');
    expect(messageErrorKey('employerCandidates.errors.messageTooLong')).toBe('employerCandidates.errors.messageTooLong');
  });
});

describe('refusals of the API', () => {
  it('put the daily limit and the maintenance in words of their own', () => {
    expect(requestFailure(new ApiError(429, 'chatDailyLimit', 'at most 10 a day'))).toEqual({ kind: 'limit' });
    expect(requestFailure(new ApiError(429, 'chat_daily_limit', 'at most 10 a day'))).toEqual({ kind: 'limit' });
    expect(requestFailure(new ApiError(503, 'chatMaintenance', 'paused'))).toEqual({ kind: 'maintenance' });
    // The rate limit of the client is not the company's allowance.
    expect(requestFailure(new ApiError(429, 'too_many_requests', 'slow down'))).toEqual({ kind: 'failed', key: 'employerCandidates.errors.tooFast' });
    expect(requestFailure(new ApiError(503, 'unavailable', 'down'))).toEqual({ kind: 'failed', key: 'employerCandidates.errors.unavailable' });
  });

  it('put a refused text on the message field', () => {
    expect(requestFailure(new ApiError(400, 'messageTooLong', 'too long', 'message'))).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageTooLong' });
    expect(requestFailure(new ApiError(422, 'invalid_text', 'bad', 'message'))).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageInvalid' });
    expect(requestFailure(new ApiError(400, 'fieldRequired', 'required', 'message'))).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageRequired' });
    expect(requestFailure(new ApiError(422, 'control_character', 'bad'))).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageCharacters' });
    // The API's one code for a refused text (issue 25), with or without the field.
    expect(requestFailure(new ApiError(400, 'invalid_message_text', 'the message is empty'))).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageInvalid' });
    // As the API answers it today: the field is named `text` (the messages' body), not `message`.
    expect(requestFailure(new ApiError(400, 'invalid_message_text', 'the message has 2001 characters', 'text'))).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageInvalid' });
  });

  it('tell an earlier request, a gone candidate, an ended session and the network apart', () => {
    expect(requestFailure(new ApiError(409, 'already_requested', 'asked'))).toEqual({ kind: 'already' });
    expect(requestFailure(new ApiError(404, 'not_found', 'gone'))).toEqual({ kind: 'gone' });
    expect(requestFailure(new ApiError(401, 'unauthorized', 'log in'))).toEqual({ kind: 'session' });
    expect(requestFailure(new ApiError(0, 'network_error', 'offline'))).toEqual({ kind: 'failed', key: 'employerCandidates.errors.network' });
    expect(requestFailure(new TypeError('fetch failed'))).toEqual({ kind: 'failed', key: 'employerCandidates.errors.network' });
    expect(requestFailure(new ApiError(500, 'internal', 'oops'))).toEqual({ kind: 'failed', key: 'employerCandidates.errors.generic' });
  });

  it('each have a sentence in both languages', () => {
    for (const locale of ['pl', 'en'] as const) {
      const t = createTranslator(locale);
      for (const failure of [{ kind: 'limit' }, { kind: 'maintenance' }, { kind: 'already' }, { kind: 'gone' }, { kind: 'session' }] as const) {
        const key = failureKey(failure);
        expect(t(key)).not.toBe(key);
      }
    }
    expect(sameCode('chat-maintenance', 'chatMaintenance')).toBe(true);
    expect(sameCode('chatMaintenanceX', 'chatMaintenance')).toBe(false);
  });
});

describe('sending a request', () => {
  afterEach(() => vi.unstubAllGlobals());

  function browser(cookie = 'wakat_employer_csrf=token-1') {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { cookie, documentElement: { dataset: { board: 'it' } } });
  }

  it('posts the offer, the candidate and the message as stored, with the employer CSRF token', async () => {
    browser();
    const sent = { id: 'r1', candidateRef: 'c-1', offerId: 'o1', offerTitle: 'Rust dev', sentByUserId: 'u1', sentAt: 1_800_000_000, status: 'received', conversationId: null };
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json(sent, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendConversationRequest({ offerSlug: 'rust-dev', candidateRef: 'c-1', message: '  Hello,\r\nare you open to talk?  ' })).resolves.toEqual(sent);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/it/v2/employer-panel/chat/conversation-requests');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('token-1');
    expect(JSON.parse(String(init.body))).toEqual({ offerSlug: 'rust-dev', candidateRef: 'c-1', message: 'Hello,\nare you open to talk?' });
  });

  it('turns the daily limit answer into an ApiError the dialog reads as the limit', async () => {
    browser();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'chatDailyLimit', message: 'at most 10 conversation requests a day', field: null }, { status: 429 })));
    const error = await sendConversationRequest({ offerSlug: 'o', candidateRef: 'c', message: 'hi' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(requestFailure(error)).toEqual({ kind: 'limit' });
  });

  it('puts a field error of the answer on the message', async () => {
    browser();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'messageTooLong', message: 'too long', field: 'message' }, { status: 400 })));
    const error = await sendConversationRequest({ offerSlug: 'o', candidateRef: 'c', message: 'hi' }).catch((caught: unknown) => caught);
    expect(requestFailure(error)).toEqual({ kind: 'field', key: 'employerCandidates.errors.messageTooLong' });
  });
});
