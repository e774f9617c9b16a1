/**
 * A hub token kept while it is fresh: the access-token factory a hub calls on every (re)connection
 * asks the API (`POST …/hub-token`) only when the cached token is missing or about to expire. The
 * last failure is kept, so a client can tell a refusal that will not change (401, 404: not logged
 * in, feature off) from a network blip.
 */
export interface HubToken {
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** A token is asked for again this long before it expires (seconds). */
const TOKEN_MARGIN_SECONDS = 30;

export class HubTokenCache {
  private token: HubToken | null = null;
  /** Why the last fetch failed; null after a success. */
  failure: unknown = null;

  constructor(
    private readonly fetchToken: () => Promise<HubToken>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The hub's `accessTokenFactory`. */
  readonly accessToken = async (): Promise<string> => {
    const nowSeconds = this.now() / 1000;
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_SECONDS > nowSeconds) return this.token.accessToken;
    try {
      this.token = await this.fetchToken();
      this.failure = null;
      return this.token.accessToken;
    } catch (error) {
      this.token = null;
      this.failure = error;
      throw error;
    }
  };
}
