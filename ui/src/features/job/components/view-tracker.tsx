'use client';
import { useEffect, useRef } from 'react';
import { apiWrite } from '@/lib/api-write';
import { viewPayload } from '../rules';

/**
 * Records one view per page view (`POST /v1/views`), feeding the popular offers. Failures are
 * silent (spec §8). The ref survives React's development double effects, so one view is sent.
 */
export function ViewTracker({ brand, slug }: { brand: string; slug: string }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === slug) return;
    sent.current = slug;
    // Through apiWrite: a logged-in candidate's write needs the session's CSRF header.
    apiWrite('POST', '/v1/views', viewPayload(brand, slug, new Date()), { keepalive: true }).catch(() => {
      // Tracking never disturbs the reader.
    });
  }, [brand, slug]);
  return null;
}
