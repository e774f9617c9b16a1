'use client';
/**
 * The saved searches page (spec §2): one tile per search with its new-offers count, the e-mail
 * alert's state and frequency, its Atom feed and delete. A candidate's searches come from the API
 * (opening one first marks its new offers read); a guest's from this browser, where an alert is
 * pending until its link is opened (the activation dialog explains); the browser that opened it
 * keeps the alert's unsubscribe code, so e-mails can be turned off here too (elsewhere by the
 * digest's link). A guest tile's new-offers count asks the API for the search's offers since it
 * was last opened. Every e-mail switch-off goes through the unsubscribe dialog.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import useSWR from 'swr';
import { createTranslator, type MessageKey, type Translator } from '@/i18n/translate';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';
import {
  changeFrequency,
  deleteJobFilter,
  disableJobAlert,
  enableJobAlert,
  guestNewOffers,
  readFilteredOffers,
  refreshJobFilters,
  unsubscribeGuestAlert,
  useJobFilters,
  type JobFilter,
} from '../api/job-filters';
import { DEFAULT_FREQUENCY, FREQUENCIES, LOCAL_LIMIT, newOffersSince, removeSearch, updateSearch, type Frequency, type LocalSearch } from '../local-store';
import { notify } from '../notices';
import { ADD_ALERT_HASH } from '../use-add-alert-hash';
import { readLocalSearches, useLocalSearches, writeLocalSearches } from '../use-local-searches';
import { ConfirmDialog, MessageDialog } from '@/components/ui/confirm-dialog';
import { DeleteSearchDialog } from './delete-search-dialog';
import { FeedLink } from './feed-link';
import { storedFilters } from '../use-saved-search';
import { toApiQuery } from '@/features/search/filters';
import type { BoardConfig } from '@/lib/types';
import '../alerts.css';

type Pending = { kind: 'delete'; name: string; hasAlert: boolean; run: () => Promise<void> } | { kind: 'unsubscribe'; name: string; run: () => Promise<void> } | { kind: 'activation'; email: string } | null;

export function SavedSearches({ locale, config, initial }: { locale: Locale; config: BoardConfig; initial: JobFilter[] | null }) {
  const t = createTranslator(locale);
  const { loggedIn } = useSession();
  const server = useJobFilters(loggedIn);
  const local = useLocalSearches();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const filters = server.data ?? initial ?? [];

  const confirm = async () => {
    if (!pending || pending.kind === 'activation') return setPending(null);
    setBusy(true);
    try {
      await pending.run();
    } catch {
      notify('alerts.errors.generic', 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const empty = loggedIn ? filters.length === 0 && (server.data !== undefined || initial !== null) : local.length === 0;
  return (
    <div className="saved-searches" data-testid="saved-searches">
      <h1>{t('alerts.page.title')}</h1>
      <p className="saved-searches__intro muted">{loggedIn ? t('alerts.page.intro') : t('alerts.page.guestNote', { count: local.length, max: LOCAL_LIMIT })}</p>
      {loggedIn && server.error && !filters.length ? <p role="alert">{t('alerts.page.error')}</p> : null}
      {empty ? (
        <div className="saved-searches__empty" data-testid="saved-searches-empty">
          <p>{t('alerts.page.empty')}</p>
          <Link className="button button--primary" href="/all-locations">
            {t('alerts.page.browse')}
          </Link>
        </div>
      ) : (
        <ul className="saved-searches__grid">
          {loggedIn
            ? filters.map((filter) => <ServerTile key={filter.id} t={t} filter={filter} onAsk={setPending} />)
            : local.map((search) => <LocalTile key={search.id} t={t} config={config} search={search} onAsk={setPending} />)}
        </ul>
      )}
      <DeleteSearchDialog
        t={t}
        open={pending?.kind === 'delete'}
        name={pending?.kind === 'delete' ? pending.name : ''}
        hasAlert={pending?.kind === 'delete' && pending.hasAlert}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        testId="saved-delete-dialog"
      />
      <ConfirmDialog
        open={pending?.kind === 'unsubscribe'}
        title={t('alerts.unsubscribe.title')}
        confirmLabel={t('alerts.unsubscribe.confirm')}
        cancelLabel={t('alerts.cancel')}
        closeLabel={t('alerts.close')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        testId="saved-unsubscribe-dialog"
      >
        <p>{pending?.kind === 'unsubscribe' ? t('alerts.unsubscribe.body', { name: pending.name }) : null}</p>
      </ConfirmDialog>
      <MessageDialog open={pending?.kind === 'activation'} title={t('alerts.activation.title')} buttonLabel={t('alerts.ok')} closeLabel={t('alerts.close')} onClose={() => setPending(null)} testId="saved-activation-dialog">
        <p>{pending?.kind === 'activation' ? t('alerts.activation.body', { email: pending.email }) : null}</p>
      </MessageDialog>
    </div>
  );
}

function NewOffers({ t, count }: { t: Translator; count: number }) {
  return (
    <span className={`saved-tile__count${count ? '' : ' saved-tile__count--none'}`} data-testid="saved-count">
      {count ? t('alerts.tile.newOffers', { count, n: count }) : t('alerts.tile.noNew')}
    </span>
  );
}

function FrequencySelect({ t, id, value, onChange, disabled }: { t: Translator; id: string; value: Frequency; onChange: (value: Frequency) => void; disabled?: boolean }) {
  return (
    <div className="saved-tile__row saved-tile__row--stack">
      <label className="saved-tile__label" htmlFor={id}>
        {t('alerts.tile.frequency')}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Frequency)} data-testid="saved-frequency">
        {FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t(`alerts.frequency.${frequency}` as MessageKey)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ServerTile({ t, filter, onAsk }: { t: Translator; filter: JobFilter; onAsk: (pending: Pending) => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const alert = filter.jobAlert;
  const run = async (work: () => Promise<unknown>, notice: MessageKey) => {
    setBusy(true);
    try {
      await work();
      notify(notice);
    } catch {
      notify('alerts.errors.generic', 'error');
    } finally {
      await refreshJobFilters();
      setBusy(false);
    }
  };
  const open = async () => {
    // Spec §4: the new offers are marked read before the search is applied.
    await readFilteredOffers(filter.id).catch(() => undefined);
    void refreshJobFilters();
    router.push(filter.searchUrl);
  };
  // Turning e-mails off asks first (the unsubscribe dialog); turning them on does not.
  const toggleAlert = () =>
    alert
      ? onAsk({
          kind: 'unsubscribe',
          name: filter.filterName,
          run: async () => {
            await disableJobAlert(filter.id);
            await refreshJobFilters();
            notify('alerts.notice.paused');
          },
        })
      : run(() => enableJobAlert({ jobFilterId: filter.id, frequency: DEFAULT_FREQUENCY, name: filter.filterName }), 'alerts.notice.enabled');
  return (
    <li className="saved-tile" data-testid="saved-tile" data-id={filter.id}>
      <div className="saved-tile__head">
        <h2 className="saved-tile__name">
          <a
            href={filter.searchUrl}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              void open();
            }}
            data-testid="saved-open"
          >
            {filter.filterName}
          </a>
        </h2>
        <NewOffers t={t} count={filter.count} />
      </div>
      <div className="saved-tile__row">
        <span className="saved-tile__label" id={`email-${filter.id}`}>
          {t('alerts.tile.email')}
        </span>
        <button type="button" role="switch" aria-checked={Boolean(alert)} aria-labelledby={`email-${filter.id}`} className="alert-switch" disabled={busy} onClick={() => void toggleAlert()} data-testid="saved-email-switch">
          <span className="alert-switch__track" aria-hidden="true">
            <span className="alert-switch__thumb" />
          </span>
          <span className="alert-switch__hint">{alert ? t('alerts.tile.emailOn') : t('alerts.tile.emailOff')}</span>
        </button>
      </div>
      {alert ? <FrequencySelect t={t} id={`frequency-${filter.id}`} value={alert.frequency} disabled={busy} onChange={(frequency) => void run(() => changeFrequency(filter.id, frequency), 'alerts.notice.frequencyChanged')} /> : null}
      <div className="saved-tile__actions">
        <button type="button" className="button button--small" onClick={() => void open()}>
          {t('alerts.tile.open')}
        </button>
        {filter.feedUrl ? <FeedLink t={t} url={filter.feedUrl} className="button button--small" /> : null}
        <button
          type="button"
          className="button button--small saved-tile__delete"
          data-testid="saved-delete"
          onClick={() =>
            onAsk({
              kind: 'delete',
              name: filter.filterName,
              hasAlert: Boolean(alert),
              run: async () => {
                await deleteJobFilter(filter.id);
                await refreshJobFilters();
                notify('alerts.notice.deleted');
              },
            })
          }
        >
          {t('alerts.tile.delete')}
        </button>
      </div>
    </li>
  );
}

/** A guest's opened search: its offers count as read from now. */
function markLocalRead(id: string) {
  writeLocalSearches(updateSearch(readLocalSearches(), id, (search) => ({ ...search, readAt: new Date().toISOString() })));
}

function LocalTile({ t, config, search, onAsk }: { t: Translator; config: BoardConfig; search: LocalSearch; onAsk: (pending: Pending) => void }) {
  const alert = search.alert;
  const name = search.name || search.searchUrl;
  const apiQuery = toApiQuery(storedFilters(search, config), config).toString();
  const since = newOffersSince(search);
  const count = useSWR(['guest-new-offers', apiQuery, since], () => guestNewOffers(apiQuery, since), { revalidateOnFocus: false, shouldRetryOnError: false });
  const canUnsubscribe = alert?.status === 'active' && alert.candidateId && alert.jobFilterId && alert.unsubscribeCode;
  return (
    <li className="saved-tile" data-testid="saved-tile" data-id={search.id}>
      <div className="saved-tile__head">
        <h2 className="saved-tile__name">
          <Link href={search.searchUrl} onClick={() => markLocalRead(search.id)} data-testid="saved-open">
            {name}
          </Link>
        </h2>
        {count.data !== undefined ? <NewOffers t={t} count={count.data} /> : null}
      </div>
      <div className={`saved-tile__row${alert ? '' : ' saved-tile__row--stack'}`}>
        <span className="saved-tile__label">{t('alerts.tile.email')}</span>
        {alert ? (
          <span className="saved-tile__state" data-testid="saved-email-state" data-status={alert.status}>
            {alert.status === 'active' ? t('alerts.tile.emailActive', { email: alert.email }) : t('alerts.tile.emailPending', { email: alert.email })}
          </span>
        ) : (
          <Link className="button button--small" href={`${search.searchUrl}${ADD_ALERT_HASH}`} data-testid="saved-set-up">
            {t('alerts.tile.setUp')}
          </Link>
        )}
      </div>
      {alert ? (
        <div className="saved-tile__row">
          <span className="saved-tile__label">{t('alerts.tile.frequency')}</span>
          <span className="saved-tile__state">{t(`alerts.frequency.${alert.frequency}` as MessageKey)}</span>
        </div>
      ) : null}
      <div className="saved-tile__actions">
        <Link className="button button--small" href={search.searchUrl} onClick={() => markLocalRead(search.id)}>
          {t('alerts.tile.open')}
        </Link>
        <FeedLink t={t} apiQuery={apiQuery} className="button button--small" />
        {canUnsubscribe ? (
          <button
            type="button"
            className="button button--small"
            data-testid="saved-unsubscribe"
            onClick={() =>
              onAsk({
                kind: 'unsubscribe',
                name,
                run: async () => {
                  await unsubscribeGuestAlert(alert.candidateId!, alert.jobFilterId!, alert.unsubscribeCode!);
                  writeLocalSearches(updateSearch(readLocalSearches(), search.id, (stored) => ({ ...stored, alert: null })));
                  notify('alerts.notice.unsubscribed');
                },
              })
            }
          >
            {t('alerts.tile.turnOff')}
          </button>
        ) : null}
        {alert?.status === 'pending' ? (
          <button type="button" className="button button--small" onClick={() => onAsk({ kind: 'activation', email: alert.email })} data-testid="saved-how-to-activate">
            {t('alerts.tile.howToActivate')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small saved-tile__delete"
          data-testid="saved-delete"
          onClick={() =>
            onAsk({
              kind: 'delete',
              name,
              hasAlert: false,
              run: async () => {
                writeLocalSearches(removeSearch(readLocalSearches(), search.id));
                notify('alerts.notice.deleted');
              },
            })
          }
        >
          {t('alerts.tile.delete')}
        </button>
      </div>
    </li>
  );
}
