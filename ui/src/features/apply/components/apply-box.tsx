'use client';
/**
 * The offer page's floating apply box (spec §4 "Apply box"):
 * - an inactive offer: "show active offers" to its category or subcategory list;
 * - an external offer (`applyUrl`): the redirect is recorded (`track-redirects`), then its
 *   `apply_url` opens in a new tab; a logged-in candidate on a board with `applicationHistory` is
 *   asked whether they applied (confirm → "application saved"; deny → the record goes), everyone
 *   else gets the similar-offers side bar (bottom on mobile, right on desktop);
 * - otherwise the apply form in a dialog (a bottom drawer on phones), then the success view.
 * The box sits in the page's side column, and is pinned to the bottom of the screen on phones.
 * Without JavaScript the external link still works (it is a real link).
 */
import Link from 'next/link';
import { useCallback, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { Dialog } from '@/components/ui/dialog';
import { OfferCard } from '@/components/ui/offer-card';
import { Snackbar, type SnackbarMessage } from '@/components/ui/snackbar';
import { createTranslator, type MessageKey } from '@/i18n/translate';
import { apiGet, ApiError } from '@/lib/api-client';
import type { ApplicationItem, CandidatePage } from '@/lib/candidate';
import { formatDate } from '@/lib/format';
import type { CaptchaWidget } from '@/lib/boards';
import { useSession } from '@/lib/session';
import type { Locale, Offer } from '@/lib/types';
import { confirmRedirect, denyRedirect, trackRedirect } from '../api/apply';
import { ApplyForm, type ApplyConsents } from './apply-form';
import { CaptchaChallenge } from './captcha-challenge';
import { ApplySuccess, CandidatePrompt } from './apply-success';
import '../apply.css';

export interface ApplyOffer extends ApplyConsents {
  slug: string;
  guid: string;
  title: string;
  companyName: string;
  applyUrl: string | null;
  active: boolean;
}

const appliedKey = (guid: string) => ['applied', guid] as const;

/** When the candidate applied to this offer (form, one click or a confirmed external apply), or null. */
function useAppliedAt(guid: string, enabled: boolean): string | null {
  const { data } = useSWR(
    enabled ? appliedKey(guid) : null,
    () => apiGet<CandidatePage<ApplicationItem>>('/v1/candidate/applications', new URLSearchParams([['page', '1'], ['pageSize', '1'], ['isConfirmed', 'true'], ['jobAdvertisementsIds[]', guid]])),
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
  return data?.data[0]?.appliedAt ?? null;
}

function failureText(error: unknown): MessageKey {
  if (error instanceof ApiError) {
    if (error.status === 409 || error.code === 'offer_inactive') return 'applyForm.offerInactive';
    if (error.status === 404) return 'applyForm.offerNotFound';
    if (error.status === 429) return 'applyForm.rateLimited';
  }
  return 'errors.sthWentWrong';
}

export function ApplyBox({
  offer,
  locale,
  activeHref,
  salaryLabel,
  lookalikes,
  captcha = null,
}: {
  offer: ApplyOffer;
  locale: Locale;
  activeHref: string;
  salaryLabel: string | null;
  lookalikes: Offer[];
  /** The board's captcha widget (applications and tracked redirects); null while it is off. */
  captcha?: CaptchaWidget | null;
}) {
  const t = createTranslator(locale);
  const { candidate, features } = useSession();
  const [rejectedAt, setRejectedAt] = useState<string | null>(null);
  // A logged-in candidate's history, or the first application's time a refused second one named.
  const appliedAt = useAppliedAt(offer.guid, candidate !== null) ?? rejectedAt;
  const [formOpen, setFormOpen] = useState(false);
  const [applicationId, setApplicationId] = useState<string | null>(null);
  const [external, setExternal] = useState<{ url: string; redirectId: string | null } | null>(null);
  const [asking, setAsking] = useState(false);
  const [sideBar, setSideBar] = useState(false);
  const [snack, setSnack] = useState<SnackbarMessage | null>(null);
  const [redirectToken, setRedirectToken] = useState('');
  const [redirectRound, setRedirectRound] = useState(0);
  const notify = useCallback((text: string, kind: SnackbarMessage['kind'] = 'info') => setSnack({ id: Date.now(), text, kind }), []);
  const closeSnack = useCallback(() => setSnack(null), []);
  const here = `/job-offer/${encodeURIComponent(offer.slug)}`;
  const compact = !offer.active || !salaryLabel;

  const openExternal = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!offer.applyUrl || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // Opened now, while the click still counts as the user's: browsers block windows opened later.
    const tab = window.open('', '_blank');
    let target = { url: offer.applyUrl, redirectId: null as string | null };
    try {
      const tracked = await trackRedirect(offer.slug, candidate?.id ?? null, redirectToken);
      target = { url: tracked.apply_url || offer.applyUrl, redirectId: tracked.redirect_id };
    } catch {
      // Spec §8: a failed redirect record is silent; the candidate still goes to the offer.
    } finally {
      if (captcha) {
        setRedirectToken('');
        setRedirectRound((round) => round + 1);
      }
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = target.url;
    } else {
      window.open(target.url, '_blank', 'noopener');
    }
    setExternal(target);
    if (candidate && features.history && target.redirectId) setAsking(true);
    else setSideBar(true);
  };

  const answer = async (applied: boolean) => {
    const redirectId = external?.redirectId;
    setAsking(false);
    if (!redirectId) return;
    try {
      if (applied) {
        await confirmRedirect(redirectId);
        notify(t('applyConfirm.saved'));
        await mutate(appliedKey(offer.guid));
        // Application lists shown elsewhere refetch when next opened.
        await mutate((key) => Array.isArray(key) && key[0] === '/v1/candidate/applications', undefined, { revalidate: true });
      } else {
        await denyRedirect(redirectId);
      }
    } catch {
      notify(t('errors.sthWentWrong'), 'error');
    }
  };

  const closeForm = () => {
    setFormOpen(false);
    setApplicationId(null);
  };

  return (
    <div className={`card apply-box${compact ? ' apply-box--compact' : ''}`} data-testid="apply-box">
      {salaryLabel && offer.active ? <p className="apply-box__salary">{salaryLabel}</p> : null}
      {appliedAt ? (
        <p className="apply-box__applied" data-testid="applied-at">
          {t('applyBox.applied', { date: formatDate(appliedAt, locale) })}
        </p>
      ) : null}
      {!offer.active ? (
        <Link href={activeHref} className="button button--primary button--block" data-testid="show-active">
          {t('offer.showActive')}
        </Link>
      ) : offer.applyUrl ? (
        <a href={offer.applyUrl} className="button button--primary button--block" rel="nofollow noopener noreferrer" target="_blank" data-testid="apply" onClick={(event) => void openExternal(event)}>
          {t('applyBox.applyExternal')}
        </a>
      ) : (
        <button type="button" className="button button--primary button--block" data-testid="apply" onClick={() => setFormOpen(true)} disabled={appliedAt !== null}>
          {t(appliedAt ? 'applyBox.appliedButton' : 'applyBox.apply')}
        </button>
      )}
      {captcha && offer.active && offer.applyUrl ? <CaptchaChallenge key={redirectRound} widget={captcha} locale={locale} onToken={setRedirectToken} /> : null}

      <Dialog
        open={formOpen}
        onClose={closeForm}
        title={t('applyForm.title', { title: offer.title })}
        closeLabel={t('applySuccess.close')}
        size="medium"
        className={applicationId ? 'apply-dialog apply-dialog--result' : 'apply-dialog'}
        testId="apply-dialog"
      >
        {applicationId ? (
          <ApplySuccess locale={locale} company={offer.companyName} lookalikes={lookalikes} candidate={candidate} loginEnabled={features.login} next={here} />
        ) : (
          <ApplyForm
            locale={locale}
            slug={offer.slug}
            consents={offer}
            candidate={candidate}
            captcha={captcha}
            onApplied={(id) => {
              setApplicationId(id);
              if (candidate) void mutate(appliedKey(offer.guid));
            }}
            onFailed={(error) => {
              if (error instanceof ApiError && error.code === 'already_applied') {
                // One person, one application: say when the first one went, and close the form.
                setRejectedAt(error.at ?? new Date().toISOString());
                closeForm();
                if (candidate) void mutate(appliedKey(offer.guid));
                return;
              }
              notify(t(failureText(error)), 'error');
            }}
          />
        )}
      </Dialog>

      <Dialog open={asking} onClose={() => void answer(false)} title={t('applyConfirm.title')} closeLabel={t('applySuccess.close')} size="small" testId="apply-confirm-dialog">
        <p>{t('applyConfirm.body', { company: offer.companyName })}</p>
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={() => void answer(true)} data-testid="apply-confirm-yes">
            {t('applyConfirm.yes')}
          </button>
          <button type="button" className="button" onClick={() => void answer(false)} data-testid="apply-confirm-no">
            {t('applyConfirm.no')}
          </button>
        </div>
      </Dialog>

      <Dialog open={sideBar} onClose={() => setSideBar(false)} title={t('applyExternal.title')} closeLabel={t('applySuccess.close')} variant="side" testId="apply-side-bar">
        <p>{t('applyExternal.notice', { company: offer.companyName })}</p>
        {external ? (
          <p>
            <a className="button button--small" href={external.url} rel="nofollow noopener noreferrer" target="_blank">
              {t('applyExternal.openAgain')}
            </a>
          </p>
        ) : null}
        <CandidatePrompt locale={locale} candidate={candidate} loginEnabled={features.login} next={here} />
        {lookalikes.length ? (
          <section aria-labelledby="side-similar-heading">
            <h3 id="side-similar-heading">{t('applyExternal.similar')}</h3>
            <ul className="offer-list">
              {lookalikes.slice(0, 6).map((item) => (
                <li key={item.slug}>
                  <OfferCard offer={item} locale={locale} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Dialog>
      <Snackbar message={snack} onClose={closeSnack} closeLabel={t('applySuccess.close')} />
    </div>
  );
}
