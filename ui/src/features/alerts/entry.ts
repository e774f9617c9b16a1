/**
 * What an address asks of the alerts (spec §2 entry points). Pure.
 */
export type EntryRequest =
  | { kind: 'activate'; code: string; jobFilterId: string }
  | { kind: 'unsubscribe'; candidateId: string; code: string; jobFilterId: string | null }
  | { kind: 'accountVerified' }
  | { kind: 'invalid' }
  | null;

/** What an address asks for (both values are needed for activation and for unsubscribing, spec §5). */
export function entryRequest(params: URLSearchParams): EntryRequest {
  const action = params.get('job-alerts');
  if (action === 'activate') {
    const code = params.get('code')?.trim();
    const jobFilterId = params.get('job-filter-id')?.trim();
    return code && jobFilterId ? { kind: 'activate', code, jobFilterId } : { kind: 'invalid' };
  }
  if (action === 'unsubscribe') {
    const candidateId = params.get('candidate-id')?.trim();
    const code = params.get('code')?.trim();
    return candidateId && code ? { kind: 'unsubscribe', candidateId, code, jobFilterId: params.get('job-filter-id')?.trim() || null } : { kind: 'invalid' };
  }
  if (params.get('modal') === 'account-verified') return { kind: 'accountVerified' };
  return null;
}

