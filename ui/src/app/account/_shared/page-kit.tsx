/** Shared bits of the account route files: the accounts flag, query values and the page frame. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getConfig } from '@/features/config/api/get-config';
import '@/features/account/account.css';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter. */
export function single(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text : null;
}

/** Account pages exist only on boards with candidate accounts (`candidatePortalLogin`). */
export async function ensureAccounts(): Promise<void> {
  const config = await getConfig();
  if (!config.featureFlags.candidatePortalLogin) notFound();
}

/** Account pages are private: never indexed. */
export const privateMetadata = (title: string): Metadata => ({ title, robots: { index: false, follow: false } });

/** A narrow card with the page's heading (login, register, links from mails). */
export function AuthFrame({ title, intro, children, testId }: { title: string; intro?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="auth-page" aria-labelledby="auth-heading" data-testid={testId}>
      <div className="card auth-card">
        <h1 id="auth-heading">{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
