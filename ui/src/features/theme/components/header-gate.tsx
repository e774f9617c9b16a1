'use client';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { isHeaderHidden } from '../theme';

/** Renders the site header except on offer and terms pages (decided during the server render too). */
export function HeaderGate({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? '/';
  return isHeaderHidden(pathname) ? null : <>{children}</>;
}
