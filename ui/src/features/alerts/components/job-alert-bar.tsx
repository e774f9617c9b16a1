'use client';
/**
 * The job-alert switcher on the list (spec §2, §4): switching it on saves the current search (a
 * guest's in this browser, at most 10; a candidate's on the server); switching it off when the
 * search is saved asks first, then deletes it. Clicks are debounced by 300 ms, so only the settled
 * wish counts. After a guest saves, a note offers e-mail alerts (hidden for a year by the
 * `ja-hide-sub-message` cookie). The register-alert dialog (`#add-alert`) lives here too.
 */
import { useEffect, useRef, useState } from 'react';
import { createTranslator } from '@/i18n/translate';
import { toApiQuery, type ListFilters } from '@/features/search/filters';
import type { BoardConfig, Locale } from '@/lib/types';
import { createSwitchDebouncer, type SwitchDebouncer } from '../debounce';
import { creationErrorKey } from '../errors';
import { notify } from '../notices';
import { openAddAlert } from '../use-add-alert-hash';
import { useSavedSearch } from '../use-saved-search';
import { savedPart } from '../filters';
import { hideSubMessage, subMessageHidden } from '../sub-message';
import { DeleteSearchDialog } from './delete-search-dialog';
import { FeedLink } from './feed-link';
import { RegisterAlertDialog } from './register-alert-dialog';
import '../alerts.css';

export function JobAlertBar({ config, filters, locale, privacyHref }: { config: BoardConfig; filters: ListFilters; locale: Locale; privacyHref: string }) {
  const t = createTranslator(locale);
  const current = useSavedSearch(filters, config, locale, t);
  const { saved, ready } = current;
  const [wish, setWish] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [subMessage, setSubMessage] = useState(false);
  const savedRef = useRef(Boolean(saved));
  savedRef.current = Boolean(saved);
  const actions = useRef(current);
  actions.current = current;
  const debouncer = useRef<SwitchDebouncer | null>(null);

  useEffect(() => {
    debouncer.current = createSwitchDebouncer(
      () => savedRef.current,
      (wanted) => {
        if (!wanted) {
          setConfirming(true);
          return;
        }
        setBusy(true);
        actions.current
          .save()
          .then((outcome) => {
            if (outcome === 'limit') notify('alerts.errors.limit', 'error');
            else {
              notify('alerts.notice.saved');
              if (!actions.current.loggedIn && !subMessageHidden()) setSubMessage(true);
            }
          })
          .catch((error: unknown) => notify(creationErrorKey(error), 'error'))
          .finally(() => {
            setBusy(false);
            setWish(null);
          });
      },
    );
    return () => debouncer.current?.cancel();
  }, []);

  // A settled wish that matches the truth needs nothing more.
  useEffect(() => {
    if (wish !== null && wish === Boolean(saved) && !busy && !confirming) {
      const timer = window.setTimeout(() => setWish(null), 350);
      return () => window.clearTimeout(timer);
    }
  }, [wish, saved, busy, confirming]);

  const checked = wish ?? Boolean(saved);
  const onToggle = () => {
    const next = !checked;
    setWish(next);
    debouncer.current?.toggle(next);
  };

  const onConfirmDelete = async () => {
    if (!saved) return setConfirming(false);
    setBusy(true);
    try {
      await current.remove(saved);
      notify('alerts.notice.deleted');
      setSubMessage(false);
    } catch {
      notify('alerts.errors.generic', 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
      setWish(null);
    }
  };

  const savedName = saved ? (saved.kind === 'server' ? saved.filter.filterName : saved.search.name) : current.name;
  const hasAlert = saved ? (saved.kind === 'server' ? Boolean(saved.filter.jobAlert) : Boolean(saved.search.alert)) : false;

  return (
    <div className="job-alert-bar" data-testid="job-alert-bar">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        className="alert-switch"
        onClick={onToggle}
        disabled={!ready || busy}
        data-testid="job-alert-switch"
        data-saved={Boolean(saved)}
      >
        <span className="alert-switch__track" aria-hidden="true">
          <span className="alert-switch__thumb" />
        </span>
        <span className="alert-switch__text">
          <span className="alert-switch__label">{t('alerts.switch.label')}</span>
          <span className="visually-hidden">{busy ? t('alerts.switch.saving') : t('alerts.switch.hint')}</span>
        </span>
      </button>
      <button type="button" className="link-button alert-bar__email" onClick={openAddAlert} data-testid="open-add-alert">
        <span aria-hidden="true">✉</span> {t('alerts.bar.email')}
      </button>
      <FeedLink t={t} apiQuery={toApiQuery(savedPart(filters), config).toString()} className="link-button alert-bar__feed" />
      {subMessage ? (
        <div className="alert-sub-message" role="status" data-testid="alert-sub-message">
          <span>{t('alerts.sub.text')}</span>
          <button type="button" className="button button--small button--primary" onClick={() => { setSubMessage(false); openAddAlert(); }}>
            {t('alerts.sub.action')}
          </button>
          <button type="button" className="link-button" onClick={() => { hideSubMessage(); setSubMessage(false); }} data-testid="alert-sub-message-hide">
            {t('alerts.sub.hide')}
          </button>
        </div>
      ) : null}
      <DeleteSearchDialog
        t={t}
        open={confirming}
        name={savedName}
        hasAlert={hasAlert}
        busy={busy}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => {
          setConfirming(false);
          setWish(null);
        }}
        testId="alert-delete-confirm"
      />
      <RegisterAlertDialog config={config} locale={locale} current={current} privacyHref={privacyHref} />
    </div>
  );
}

/** "Tell me when offers appear": opens the register-alert dialog (the empty list's prompt). */
export function AddAlertButton({ label }: { label: string }) {
  return (
    <button type="button" className="button button--primary" onClick={openAddAlert} data-testid="empty-add-alert">
      {label}
    </button>
  );
}
