'use client';
/**
 * The heart of an offer (cards, offer page; spec §2 "Favourites", §4 "Favourite toggle"), shown
 * with the board's `favouritesButton` flag:
 * - a logged-in candidate toggles it at once (optimistic; `lib/favourites.ts` refetches on failure);
 * - a guest gets a small dialog (a bottom drawer on phones) with login and register links carrying
 *   `favoriteOfferId`, so the offer is saved on the way in;
 * - without candidate accounts on the board (`candidatePortalLogin` off) the dialog only says so.
 */
import Link from 'next/link';
import { useState } from 'react';
import './candidate.css';
import { paths } from '@/config/paths';
import { Dialog } from './dialog';
import { createTranslator } from '@/i18n/translate';
import { setFavourite, useIsFavourite } from '@/lib/favourites';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
}

/** Login and register links for a guest, optionally saving an offer on the way. */
export function GuestFavouritePrompt({ locale, guid, next, loginEnabled }: { locale: Locale; guid?: string; next: string; loginEnabled: boolean }) {
  const t = createTranslator(locale);
  if (!loginEnabled) return <p role="status">{t('favourites.unavailable')}</p>;
  const query = { next, favoriteOfferId: guid ?? null };
  return (
    <div className="favourite-prompt" data-testid="favourite-prompt">
      <p>{t('favourites.guestBody')}</p>
      <p className="favourite-prompt__actions">
        <Link className="button button--primary" href={paths.login(query)} data-testid="favourite-login">
          {t('account.login')}
        </Link>
        <Link className="button" href={paths.register(query)} data-testid="favourite-register">
          {t('account.register')}
        </Link>
      </p>
    </div>
  );
}

/** The guest prompt in a small dialog, remembering the page to come back to when it opens. */
export function useGuestPrompt(locale: Locale, loginEnabled: boolean, guid?: string) {
  const t = createTranslator(locale);
  const [next, setNext] = useState<string | null>(null);
  // Mounted on the first opening only: a list of cards does not carry a dialog per card.
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    setNext(currentPath());
  };
  const dialog = !used ? null : (
    <Dialog open={next !== null} onClose={() => setNext(null)} title={t('favourites.guestTitle')} closeLabel={t('job.close')} size="small" testId="favourite-dialog">
      <GuestFavouritePrompt locale={locale} guid={guid} next={next ?? '/'} loginEnabled={loginEnabled} />
    </Dialog>
  );
  return { open, isOpen: next !== null, dialog };
}

export function FavouriteButton({
  guid,
  title,
  locale,
  className = 'icon-button',
  wrapperClassName,
  testId = 'favourite',
}: {
  /** The offer's guid (`jobAdvertisementId`). */
  guid: string;
  /** The offer's title, for the button's accessible name. */
  title: string;
  locale: Locale;
  className?: string;
  /** Places the button (e.g. in a card's corner). */
  wrapperClassName?: string;
  testId?: string;
}) {
  const t = createTranslator(locale);
  const { loggedIn, features } = useSession();
  const favourite = useIsFavourite(guid, loggedIn && features.favourites);
  const prompt = useGuestPrompt(locale, features.login, guid);
  if (!features.favourites || !guid) return null;
  const pressed = loggedIn && favourite === true;
  const label = pressed ? t('favourites.remove') : t('favourites.add');
  return (
    <span className={`favourite${wrapperClassName ? ` ${wrapperClassName}` : ''}`}>
      <button
        type="button"
        className={`${className} favourite-heart${pressed ? ' favourite-heart--on' : ''}`}
        aria-pressed={loggedIn ? pressed : undefined}
        aria-haspopup={loggedIn ? undefined : 'dialog'}
        aria-label={`${label}: ${title}`}
        title={label}
        data-testid={testId}
        data-favourite={loggedIn && favourite !== undefined ? String(pressed) : undefined}
        onClick={() => (loggedIn ? void setFavourite(guid, !pressed) : prompt.open())}
      >
        <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>
      </button>
      {loggedIn ? null : prompt.dialog}
    </span>
  );
}
