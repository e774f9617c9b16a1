import Link from 'next/link';
import type { ReactNode } from 'react';

/** The promotional hero's link: a path of this app through the router, an http(s) URL as a plain link. */
export function PromotionLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link className="button hero__promotion-link" href={href} data-testid="promotion-link">
        {children}
      </Link>
    );
  }
  return (
    <a className="button hero__promotion-link" href={href} rel="noopener" data-testid="promotion-link">
      {children}
    </a>
  );
}
