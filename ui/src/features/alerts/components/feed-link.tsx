'use client';
/**
 * "Atom feed" of a search: the signed address is asked for on the first click (no request while
 * nobody wants it), then shown to copy into a feed reader, with a link to open it.
 */
import { useId, useState } from 'react';
import type { Translator } from '@/i18n/translate';
import { getFeedLink } from '../api/feeds';

export function FeedLink({ t, apiQuery, url: known, className = 'link-button' }: { t: Translator; apiQuery?: string; url?: string | null; className?: string }) {
  const [url, setUrl] = useState<string | null>(known ?? null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const show = async () => {
    setFailed(false);
    if (!url && apiQuery !== undefined) {
      try {
        setUrl(await getFeedLink(apiQuery));
      } catch {
        setFailed(true);
        return;
      }
    }
    setOpen((value) => !value);
  };
  return (
    <span className="feed-link">
      <button type="button" className={className} aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => void show()} data-testid="feed-link">
        <span aria-hidden="true">⌁</span> {t('alerts.tile.feed')}
      </button>
      {failed ? (
        <span role="alert" className="feed-link__error">
          {t('alerts.errors.generic')}
        </span>
      ) : null}
      {open && url ? (
        <span id={id} className="feed-link__panel" data-testid="feed-link-panel">
          <label className="visually-hidden" htmlFor={`${id}-url`}>
            {t('alerts.feed.address')}
          </label>
          <input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-testid="feed-url" />
          <a href={url} type="application/atom+xml" target="_blank" rel="noopener noreferrer">
            {t('alerts.feed.open')}
          </a>
        </span>
      ) : null}
    </span>
  );
}
