/**
 * Every address of the employer side of the web app (the spec names none: ARCHITECTURE.md lists
 * them). The mails of the API link to `/employer/confirm?token=…`, `/employer/invitation?token=…`
 * and `/employer/password?token=…`.
 */
function withQuery(path: string, query: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const slugPath = (slug: string) => `/employer/offers/${encodeURIComponent(slug)}`;

export const employerPaths = {
  panel: () => '/employer',
  login: (next?: string | null) => withQuery('/employer/login', { next }),
  signUp: () => '/employer/sign-up',
  /** The confirmation link (with `token`), or the form asking for a new link (without). */
  confirm: (token?: string | null) => withQuery('/employer/confirm', { token }),
  /** An invitation to a company (the mailed link): what it invites to, accepted with a password. */
  invitation: (token?: string | null) => withQuery('/employer/invitation', { token }),
  /** The reset request (without `token`), or the new password of the mailed link (with). */
  password: (token?: string | null) => withQuery('/employer/password', { token }),
  offers: () => '/employer/offers',
  newOffer: () => '/employer/offers/new',
  offer: (slug: string) => slugPath(slug),
  /** The form of an offer; `variant` is how it was opened (edit, duplicate, refresh, extend). */
  offerForm: (slug: string, variant?: string | null) => withQuery(`${slugPath(slug)}/form`, { variant }),
  offerSummary: (slug: string) => `${slugPath(slug)}/summary`,
  offerPublish: (slug: string) => `${slugPath(slug)}/publish`,
  offerEnd: (slug: string) => `${slugPath(slug)}/end`,
  /** "Candidates for this offer": passive candidates ranked by match (boards with `candidateChat`). */
  offerCandidates: (slug: string) => `${slugPath(slug)}/candidates`,
  /** The provider sends the employer back here; the API adds `paymentId`. */
  paymentReturn: (paymentId?: string | null, offer?: string | null) => withQuery('/employer/payments/return', { offer, paymentId }),
  applications: () => '/employer/applications',
  profile: () => '/employer/profile',
  company: () => '/employer/company',
  billing: () => '/employer/billing',
  clauses: () => '/employer/clauses',
  users: () => '/employer/users',
  brandStory: () => '/employer/brand-story',
  codes: () => '/employer/codes',
  /** The conversations with candidates (flag `candidateChat`); `conversation` selects one. */
  conversations: (conversation?: string | null) => withQuery('/employer/chat', { c: conversation }),
};

/**
 * The request header through which `src/proxy.ts` tells server components the requested path
 * (always written there, so a client cannot choose it): the employer layout picks its frame by it.
 */
export const PATHNAME_HEADER = 'x-wakat-pathname';

/** Employer pages a visitor without a session may open (the panel frame sends others to login). */
const PUBLIC_PATHS = ['/employer/login', '/employer/sign-up', '/employer/confirm', '/employer/invitation', '/employer/password', '/employer/payments/return'];

export function isPublicEmployerPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return PUBLIC_PATHS.includes(path);
}

/**
 * Where to go after logging in: an employer panel page of this app (never another origin, never
 * the public pages), else the offers.
 */
export function safeEmployerReturn(next: string | null | undefined): string {
  const fallback = employerPaths.offers();
  if (!next || !next.startsWith('/employer') || next.startsWith('//') || /[\u0000-\u001f\\]/.test(next)) return fallback;
  const path = next.split(/[?#]/)[0];
  if (path !== '/employer' && !path.startsWith('/employer/')) return fallback;
  if (isPublicEmployerPath(path)) return fallback;
  return next;
}
