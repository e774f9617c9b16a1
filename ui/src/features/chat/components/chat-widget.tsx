'use client';
/**
 * The candidate chat widget in the root layout (spec §2): on the page only when the board has
 * candidate login and the chat on, a candidate is logged in, the page is not the terms page, and
 * the screen is at least md wide. Its code (and the SignalR client) loads only then.
 */
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { Suspense, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { WIDGET_MEDIA_QUERY, widgetShown } from '../rules';

const WidgetDock = dynamic(() => import('./widget-dock').then((module) => module.WidgetDock), { ssr: false });

function useWide(): boolean {
  return useSyncExternalStore(
    (callback) => {
      const query = window.matchMedia(WIDGET_MEDIA_QUERY);
      query.addEventListener('change', callback);
      return () => query.removeEventListener('change', callback);
    },
    () => window.matchMedia(WIDGET_MEDIA_QUERY).matches,
    () => false,
  );
}

export function ChatWidget({ locale, flags }: { locale: Locale; flags: { candidatePortalLogin: boolean; candidateChat: boolean } }) {
  const pathname = usePathname() ?? '/';
  const { loggedIn } = useSession();
  const wide = useWide();
  if (!wide || !widgetShown({ pathname, flags, loggedIn })) return null;
  return (
    // `?chat=` is read with useSearchParams, which needs a boundary.
    <Suspense fallback={null}>
      <WidgetDock locale={locale} />
    </Suspense>
  );
}
