/** The card of the public employer pages (login, sign-up, the mailed links). */
import type { ReactNode } from 'react';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter. */
export function single(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text : null;
}

export function EmployerAuthCard({ title, intro, children, testId }: { title: string; intro?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="auth-page" aria-labelledby="employer-auth-heading" data-testid={testId}>
      <div className="card auth-card">
        <h1 id="employer-auth-heading">{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
