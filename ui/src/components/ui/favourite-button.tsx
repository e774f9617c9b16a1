'use client';
/**
 * The heart of an offer (cards, offer page; spec §2 "Favourites", §4 "Favourite toggle"), shown
 * with the board's `favouritesButton` flag:
 * - a logged-in candidate toggles it at once (optimistic; `lib/favourites.ts` refetches on failure);
 * - a guest gets a small popover with login and register links carrying `favoriteOfferId`, so the
 *   offer is saved on the way in;
 * - without candidate accounts on the board (`candidatePortalLogin` off) the popover only says so.
 */
import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import './candidate.css';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { setFavourite, useIsFavourite } from '@/lib/favourites';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
}

/** Login and register links for a guest, optionally saving an offer on the way. */
export function GuestFavouritePrompt({ locale, guid, next, id, loginEnabled }: { locale: Locale; guid?: string; next: string; id?: string; loginEnabled: boolean }) {
  const t = createTranslator(locale);
  if (!loginEnabled) {
    return (
      <div id={id} role="status" className="favourite__prompt">
        {t('favourites.unavailable')}
      </div>
    );
  }
  const query = { next, favoriteOfferId: guid ?? null };
  return (
    <div id={id} className="favourite__prompt" role="group" aria-label={t('favourites.guestTitle')} data-testid="favourite-prompt">
      <p className="favourite__prompt-title">{t('favourites.guestTitle')}</p>
      <p>{t('favourites.guestBody')}</p>
      <p className="favourite__prompt-actions">
        <Link className="button button--primary button--small" href={paths.login(query)} data-testid="favourite-login">
          {t('account.login')}
        </Link>
        <Link className="button button--small" href={paths.register(query)} data-testid="favourite-register">
          {t('account.register')}
        </Link>
      </p>
    </div>
  );
}

/** Closes a popover on Escape (focus back on its button) or a click outside. */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, root, button };
}

export function FavouriteButton({
  guid,
  title,
  locale,
  className = 'icon-button',
  testId = 'favourite',
}: {
  /** The offer's guid (`jobAdvertisementId`). */
  guid: string;
  /** The offer's title, for the button's accessible name. */
  title: string;
  locale: Locale;
  className?: string;
  testId?: string;
}) {
  const t = createTranslator(locale);
  const { loggedIn, features } = useSession();
  const favourite = useIsFavourite(guid, loggedIn && features.favourites);
  const popover = usePopover();
  const [next, setNext] = useState('/');
  const promptId = useId();
  if (!features.favourites) return null;

  if (loggedIn) {
    const pressed = favourite === true;
    return (
      <button
        type="button"
        className={`${className} favourite-heart${pressed ? ' favourite-heart--on' : ''}`}
        aria-pressed={pressed}
        aria-label={`${pressed ? t('favourites.remove') : t('favourites.add')}: ${title}`}
        title={pressed ? t('favourites.remove') : t('favourites.add')}
        data-testid={testId}
        data-favourite={favourite === undefined ? undefined : String(pressed)}
        onClick={() => void setFavourite(guid, !pressed)}
      >
        <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>
      </button>
    );
  }

  return (
    <span className="favourite" ref={popover.root}>
      <button
        ref={popover.button}
        type="button"
        className={`${className} favourite-heart`}
        aria-label={`${t('favourites.add')}: ${title}`}
        title={t('favourites.add')}
        aria-expanded={popover.open}
        aria-controls={popover.open ? promptId : undefined}
        data-testid={testId}
        onClick={() => {
          setNext(currentPath());
          popover.setOpen((open) => !open);
        }}
      >
        <span aria-hidden="true">♡</span>
      </button>
      {popover.open ? <GuestFavouritePrompt id={promptId} locale={locale} guid={guid} next={next} loginEnabled={features.login} /> : null}
    </span>
  );
}
