/**
 * The error catalogue of alert creation (spec §8) as message keys: four 409 messages, a 409
 * without a message (treated as "profile exists"), 422 at the limit, anything else generic. The
 * API's `message` names the case; its `code` is read too, so a reworded message still maps. Pure.
 */
import { ApiError } from '@/lib/api-client';

export type AlertErrorKey =
  | 'alerts.errors.profileExists'
  | 'alerts.errors.activeAlertExists'
  | 'alerts.errors.alertExists'
  | 'alerts.errors.filterExists'
  | 'alerts.errors.limit'
  | 'alerts.errors.linkExpired'
  | 'alerts.errors.generic';

const BY_MESSAGE: Record<string, AlertErrorKey> = {
  'candidate profile already exists': 'alerts.errors.profileExists',
  'job filter with active job alert already exists': 'alerts.errors.activeAlertExists',
  'job alert already exists': 'alerts.errors.alertExists',
  'job filter already exists': 'alerts.errors.filterExists',
};

const BY_CODE: Record<string, AlertErrorKey> = {
  candidate_profile_exists: 'alerts.errors.profileExists',
  candidate_profile_already_exists: 'alerts.errors.profileExists',
  active_job_alert_exists: 'alerts.errors.activeAlertExists',
  job_filter_with_active_job_alert_exists: 'alerts.errors.activeAlertExists',
  job_alert_exists: 'alerts.errors.alertExists',
  job_alert_already_exists: 'alerts.errors.alertExists',
  job_filter_exists: 'alerts.errors.filterExists',
  job_filter_already_exists: 'alerts.errors.filterExists',
};

/** What the product says about a failed alert or saved-search creation. */
export function creationErrorKey(error: unknown): AlertErrorKey {
  if (!(error instanceof ApiError)) return 'alerts.errors.generic';
  if (error.status === 409) {
    const message = error.message.trim().replace(/\.$/, '').toLowerCase();
    return BY_MESSAGE[message] ?? BY_CODE[error.code] ?? 'alerts.errors.profileExists';
  }
  if (error.status === 422 && !error.field) return 'alerts.errors.limit';
  return 'alerts.errors.generic';
}

/** Whether an entry link's code has expired ("Link wygasł"): 410, or a code saying so. */
export function isExpiredLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 410 || /expired/.test(error.code));
}

/** The outcome of the activation call: done, already active (409), the link expired, or another (silent) failure. */
export type ActivationOutcome = 'activated' | 'alreadyActive' | 'expired' | 'failed';

export function activationOutcome(error: unknown): ActivationOutcome {
  if (error === null) return 'activated';
  if (error instanceof ApiError && error.status === 409) return 'alreadyActive';
  if (isExpiredLink(error)) return 'expired';
  return 'failed';
}
