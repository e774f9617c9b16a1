import { cache } from 'react';
import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { BoardConfig } from '@/lib/types';

export const configKey = () => '/v2/user-panel/configuration';

/** The board configuration, fetched once per request and reused by the server for a minute. */
export const getConfig = cache(async (): Promise<BoardConfig> => apiGet<BoardConfig>(configKey(), undefined, { revalidate: 60, board: await boardSlug() }));
