'use client';
/**
 * The assistant of one offer form in React: the client is made when the form mounts in the browser
 * (the board is the page's `<html data-board>`) and connects only when the popover is first opened
 * (the spec: the chat starts when opened); it is closed when the form goes.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/types';
import { createHub, hubPath } from '@/lib/hub/hub';
import { assistantHubToken } from './api';
import { AssistantClient, IDLE_SNAPSHOT, type AssistantSnapshot } from './client';

const noSubscription = () => () => undefined;

/** `locale` is the panel's language: the assistant greets and answers in it (a new one reconnects). */
export function useAssistant(jobAdId: string, locale: Locale): { client: AssistantClient | null; snapshot: AssistantSnapshot } {
  const [client, setClient] = useState<AssistantClient | null>(null);
  useEffect(() => {
    const board = document.documentElement.dataset.board;
    if (!board) return;
    const made = new AssistantClient({ createHub: (accessToken) => createHub(hubPath(board, 'assistant'), accessToken), fetchToken: assistantHubToken, board, jobAdId, locale });
    setClient(made);
    return () => {
      setClient(null);
      void made.dispose();
    };
  }, [jobAdId, locale]);
  const snapshot = useSyncExternalStore(client?.subscribe ?? noSubscription, client ? client.getSnapshot : () => IDLE_SNAPSHOT, () => IDLE_SNAPSHOT);
  return { client, snapshot };
}
