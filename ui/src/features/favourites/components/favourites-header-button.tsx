'use client';
/**
 * The header's favourites button with its count badge (spec §2 "Favourites"): a candidate goes to
 * the favourites page; a guest gets the login and register links.
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { GuestFavouritePrompt, usePopover } from '@/components/ui/favourite-button';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { useFavouritesCount } from '@/lib/favourites';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';

export function FavouritesHeaderButton({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const { loggedIn, features } = useSession();
  const count = useFavouritesCount(loggedIn && features.favourites);
  const popover = usePopover();
  const [next, setNext] = useState('/');
  const promptId = useId();
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
    <span className="favourite" ref={popover.root}>
      <button
        ref={popover.button}
        type="button"
        className="header-favourites"
        aria-label={t('favourites.header')}
        title={t('favourites.header')}
        aria-expanded={popover.open}
        aria-controls={popover.open ? promptId : undefined}
        data-testid="header-favourites"
        onClick={() => {
          setNext(window.location.pathname + window.location.search);
          popover.setOpen((open) => !open);
        }}
      >
        <span aria-hidden="true">♡</span>
      </button>
      {popover.open ? <GuestFavouritePrompt id={promptId} locale={locale} next={next} loginEnabled={features.login} /> : null}
    </span>
  );
}
