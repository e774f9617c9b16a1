import { headers } from 'next/headers';
import type { Metadata } from 'next';
import { NotFoundView } from '@/components/ui/not-found-view';
import { getConfig } from '@/features/config/api/get-config';
import { getLocale } from '@/i18n/request';
import { createTranslator } from '@/i18n/translate';
import { boardDirectory } from '@/lib/board-directory';
import { currentBoard } from '@/lib/board-server';
import { BOARD_HOST_HEADER, hostName, hostPort, type Board } from '@/lib/boards';

/** Never indexed: the address names nothing. */
export const metadata: Metadata = { robots: { index: false, follow: true } };

/** 404: a missing page of a board, or (host no board lists) a page saying the address serves no board. */
export default async function NotFound() {
  const [locale, board, incoming] = await Promise.all([getLocale(), currentBoard().catch(() => undefined), headers()]);
  if (board !== null) return <NotFoundView locale={locale} config={await getConfig().catch(() => null)} />;
  const t = createTranslator(locale);
  const host = incoming.get(BOARD_HOST_HEADER) ?? incoming.get('host');
  const boards: Board[] = await boardDirectory.boards().catch(() => []);
  const https = incoming.get('x-forwarded-proto') === 'https';
  return (
    <div className="status-page" data-testid="unknown-board">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>{t('board.unknownTitle')}</h1>
      <p>{t('board.unknownBody', { host: hostName(host) ?? '?' })}</p>
      {boards.length ? (
        <>
          <p>{t('board.unknownBoards')}</p>
          <ul className="pills">
            {boards.map((entry) => (
              <li key={entry.slug}>
                {/* Another host: a plain link, not the client router. */}
                <a className="pill" href={`${https ? 'https' : 'http'}://${entry.hosts[0]}${hostPort(host)}/`}>
                  {entry.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
