import Link from 'next/link';
import { paths } from '@/config/paths';

/** The terms pages have no site header; this bar leads back home and to the terms. */
export function LegalTopBar({ boardName, logoUrl, homeLabel, termsLabel, navLabel }: { boardName: string; logoUrl: string | null; homeLabel: string; termsLabel: string; navLabel: string }) {
  return (
    <nav className="legal-bar" aria-label={navLabel}>
      <Link href={paths.home()} className="legal-bar__brand" aria-label={`${boardName}: ${homeLabel}`}>
        {logoUrl ? <img src={logoUrl} alt="" width={28} height={28} /> : null}
        <span>{boardName}</span>
      </Link>
      <Link href={paths.terms()}>{termsLabel}</Link>
    </nav>
  );
}
