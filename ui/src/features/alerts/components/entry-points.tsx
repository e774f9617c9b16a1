'use client';
/**
 * The alerts' entry points by address (spec §2): `?job-alerts=activate&code=…&job-filter-id=…`
 * activates a guest's alert (409: "already active"; an expired link: "Link wygasł" with a way to
 * add the alert again; other failures are logged silently), `?job-alerts=unsubscribe&candidate-id=…&code=…`
 * unsubscribes, `?modal=account-verified` says the account is verified. The dialogs open after the
 * call has answered; closing any of them goes to '/'. Also the alerts' notices (snackbar).
 */
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Snackbar } from '@/components/ui/snackbar';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { activateGuestAlert, unsubscribeGuestAlert } from '../api/job-filters';
import { entryRequest } from '../entry';
import { useCopyLocalSearches } from '../copy-local-searches';
import { activationOutcome, isExpiredLink } from '../errors';
import { updateSearch } from '../local-store';
import { useNotices } from '../notices';
import { ADD_ALERT_HASH } from '../use-add-alert-hash';
import { readLocalSearches, writeLocalSearches } from '../use-local-searches';
import { MessageDialog } from '@/components/ui/confirm-dialog';
import '../alerts.css';

type Shown = 'activated' | 'alreadyActive' | 'expired' | 'unsubscribed' | 'accountVerified' | null;

export function AlertEntryPoints({ locale, enabled }: { locale: Locale; enabled: boolean }) {
  useCopyLocalSearches(enabled);
  const t = createTranslator(locale);
  const params = useSearchParams();
  const router = useRouter();
  const [shown, setShown] = useState<Shown>(null);
  const [againHref, setAgainHref] = useState<string>(`/all-locations${ADD_ALERT_HASH}`);
  const handled = useRef<string | null>(null);
  const [notice, dismiss] = useNotices();

  useEffect(() => {
    const query = params?.toString() ?? '';
    if (handled.current === query) return;
    const request = entryRequest(new URLSearchParams(query));
    if (!request) return;
    handled.current = query;
    if (request.kind === 'accountVerified') {
      setShown('accountVerified');
      return;
    }
    if (!enabled || request.kind === 'invalid') {
      router.replace('/');
      return;
    }
    if (request.kind === 'activate') {
      const local = readLocalSearches().find((search) => search.alert?.jobFilterId === request.jobFilterId);
      if (local) setAgainHref(`${local.searchUrl}${ADD_ALERT_HASH}`);
      activateGuestAlert(request.code, request.jobFilterId)
        .then(
          (answer) => ({ error: null as unknown, candidateId: answer?.candidateId ?? null, unsubscribeCode: answer?.unsubscribeCode ?? null }),
          (error: unknown) => ({ error, candidateId: null, unsubscribeCode: null }),
        )
        .then(({ error, candidateId, unsubscribeCode }) => {
          const outcome = activationOutcome(error);
          if (outcome === 'failed') {
            console.error('job alert activation failed', error);
            router.replace('/');
            return;
          }
          if ((outcome === 'activated' || outcome === 'alreadyActive') && local) {
            writeLocalSearches(
              updateSearch(readLocalSearches(), local.id, (search) => (search.alert
                  ? { ...search, alert: { ...search.alert, status: 'active', candidateId: candidateId ?? search.alert.candidateId, unsubscribeCode: unsubscribeCode ?? search.alert.unsubscribeCode } }
                  : search)),
            );
          }
          setShown(outcome);
        });
      return;
    }
    const jobFilterId = request.jobFilterId ?? request.code;
    unsubscribeGuestAlert(request.candidateId, jobFilterId, request.code).then(
      () => {
        const local = readLocalSearches().find((search) => search.alert?.jobFilterId === jobFilterId);
        if (local) writeLocalSearches(updateSearch(readLocalSearches(), local.id, (search) => ({ ...search, alert: null })));
        setShown('unsubscribed');
      },
      (error: unknown) => {
        if (isExpiredLink(error)) setShown('expired');
        else {
          console.error('job alert unsubscribe failed', error);
          router.replace('/');
        }
      },
    );
  }, [params, enabled, router]);

  const close = () => {
    setShown(null);
    router.replace('/');
  };
  const common = { closeLabel: t('alerts.close'), buttonLabel: t('alerts.ok'), onClose: close };
  return (
    <>
      <MessageDialog open={shown === 'activated'} title={t('alerts.activate.title')} testId="alert-activated" {...common}>
        <p>{t('alerts.activate.body')}</p>
      </MessageDialog>
      <MessageDialog open={shown === 'alreadyActive'} title={t('alerts.activate.alreadyTitle')} testId="alert-already-active" {...common}>
        <p>{t('alerts.activate.alreadyBody')}</p>
      </MessageDialog>
      <MessageDialog
        open={shown === 'expired'}
        title={t('alerts.expired.title')}
        testId="alert-link-expired"
        {...common}
        action={
          <button
            type="button"
            className="button"
            data-testid="alert-add-again"
            onClick={() => {
              setShown(null);
              router.replace(againHref);
            }}
          >
            {t('alerts.expired.again')}
          </button>
        }
      >
        <p>{t('alerts.expired.body')}</p>
      </MessageDialog>
      <MessageDialog open={shown === 'unsubscribed'} title={t('alerts.unsubscribe.doneTitle')} testId="alert-unsubscribed" {...common}>
        <p>{t('alerts.unsubscribe.doneBody')}</p>
      </MessageDialog>
      <MessageDialog open={shown === 'accountVerified'} title={t('alerts.accountVerified.title')} testId="account-verified" {...common}>
        <p>{t('alerts.accountVerified.body')}</p>
      </MessageDialog>
      <Snackbar message={notice ? { id: notice.id, text: t(notice.key), kind: notice.kind } : null} onClose={dismiss} closeLabel={t('alerts.close')} />
    </>
  );
}
