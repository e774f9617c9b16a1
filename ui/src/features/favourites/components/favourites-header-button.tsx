'use client';
/**
 * The header's favourites button with its count badge (spec §2 "Favourites"): a candidate goes to
 * the favourites page; a guest gets the login and register links.
 */
import Link from 'next/link';
import { useGuestPrompt } from '@/components/ui/favourite-button';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { useFavouritesCount } from '@/lib/favourites';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';

export function FavouritesHeaderButton({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const { loggedIn, features } = useSession();
  const count = useFavouritesCount(loggedIn && features.favourites);
  const prompt = useGuestPrompt(locale, features.login);
  if (!features.favourites || !features.login) return null;

  if (loggedIn) {
    const label = count === undefined ? t('favourites.header') : t('favourites.headerCount', { count, n: count });
    return (
      <Link href={paths.favourites()} className="header-favourites" aria-label={label} title={label} data-testid="header-favourites">
        <span aria-hidden="true">♡</span>
        {count ? (
          <span className="header-favourites__badge" aria-hidden="true" data-testid="favourites-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="header-favourites" aria-label={t('favourites.header')} title={t('favourites.header')} aria-haspopup="dialog" data-testid="header-favourites" onClick={prompt.open}>
        <span aria-hidden="true">♡</span>
      </button>
      {prompt.dialog}
    </>
  );
}
