import { describe, expect, it } from 'vitest';
import { matchPublicApi, PUBLIC_ROUTES, UPLOAD_BYTES } from './public-api';

const TENANTS = ['it'];
const match = (method: string, path: string) => matchPublicApi(method, path, TENANTS);
const kind = (method: string, path: string) => match(method, path).kind;

describe('matchPublicApi: what is forwarded', () => {
  it.each([
    '/api/it/v2/user-panel/offers',
    '/api/it/v2/user-panel/offers/by-cursor',
    '/api/it/v2/user-panel/offers/count',
    '/api/it/v2/user-panel/offers/count/categories',
    '/api/it/v2/user-panel/offers/count/categories/12',
    '/api/it/v2/user-panel/offers/all-boards/count',
    '/api/it/v2/user-panel/offers/popular',
    '/api/it/v2/user-panel/offers/suggest',
    '/api/it/v2/user-panel/offers/clusters',
    '/api/it/v2/user-panel/offers/markers',
    '/api/it/v2/user-panel/offers/active-slug/senior-java-developer-acme-krakow',
    '/api/it/v2/user-panel/offer-lookalikes/senior-java-developer-acme-krakow',
    '/api/it/v1/offers/senior-java-developer-acme-krakow',
    '/api/it/v2/user-panel/configuration',
    '/api/it/v2/user-panel/cities',
    '/api/it/v2/testimonials',
    '/api/it/v2/user-panel/brand-stories/company/list',
    '/api/it/v2/user-panel/brand-stories/company/acme/short-info',
    '/api/it/v1/terms/privacy-policy',
    '/api/it/v1/logos/acme.svg',
    '/api/it/v1/images/cover/acme.jpg',
  ])('GET and HEAD %s', (path) => {
    expect(match('GET', path)).toMatchObject({ kind: 'forward', upstreamPath: path });
    expect(kind('HEAD', path)).toBe('forward');
    expect(kind('get', path)).toBe('forward');
  });

  it('POST /v1/views, with a small body limit', () => {
    const result = match('POST', '/api/it/v1/views');
    expect(result.kind).toBe('forward');
    if (result.kind === 'forward') expect(result.route.maxBodyBytes).toBeGreaterThan(0);
  });

  it('parameters may be percent-encoded (non-ASCII slugs) and keep their raw form upstream', () => {
    const path = '/api/it/v1/offers/programista-%C5%82%C3%B3d%C5%BA';
    expect(match('GET', path)).toMatchObject({ kind: 'forward', upstreamPath: path });
    expect(kind('GET', '/api/it/v1/logos/a.b.svg')).toBe('forward');
  });

  it('lists every route and method once', () => {
    const entries = PUBLIC_ROUTES.flatMap((route) => route.methods.map((method) => `${method} ${route.pattern}`));
    expect(new Set(entries).size).toBe(entries.length);
  });
});

describe('matchPublicApi: applying and candidate accounts (issue 9)', () => {
  const forwarded = (method: string, path: string) => {
    const result = match(method, path);
    expect(result.kind, `${method} ${path}`).toBe('forward');
    return result.kind === 'forward' ? result.route : null;
  };

  it.each([
    ['POST', '/api/it/v1/offers/senior-java-developer-acme-krakow/applications'],
    ['POST', '/api/it/v1/candidate/documents'],
    ['PUT', '/api/it/v1/candidate/documents/doc-1'],
  ])('%s %s takes a 5,000,000-byte attachment plus the form around it', (method, path) => {
    const route = forwarded(method, path);
    expect(route?.maxBodyBytes).toBe(UPLOAD_BYTES);
    expect(UPLOAD_BYTES).toBeGreaterThan(5_000_000);
    expect(UPLOAD_BYTES).toBeLessThanOrEqual(5_000_000 + 64 * 1024);
  });

  it.each([
    ['POST', '/api/it/v2/user-panel/offers/senior-java-developer-acme-krakow/track-redirects'],
    ['POST', '/api/it/v1/candidate/register'],
    ['POST', '/api/it/v1/candidate/confirm'],
    ['POST', '/api/it/v1/candidate/login'],
    ['POST', '/api/it/v1/candidate/logout'],
    ['POST', '/api/it/v1/candidate/password-reset'],
    ['POST', '/api/it/v1/candidate/password-reset/confirm'],
    ['PUT', '/api/it/v1/candidate/password'],
    ['POST', '/api/it/v1/candidate/email'],
    ['POST', '/api/it/v1/candidate/email/confirm'],
    ['PUT', '/api/it/v1/candidate/profile'],
    ['DELETE', '/api/it/v1/candidate/documents/doc-1'],
    ['POST', '/api/it/v1/candidate/documents/doc-1/link'],
    ['DELETE', '/api/it/v1/candidate/account'],
    ['POST', '/api/it/v1/candidate/favourites'],
    ['DELETE', '/api/it/v1/candidate/favourites/0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['POST', '/api/it/v1/candidate/redirects/r-1/confirm'],
    ['DELETE', '/api/it/v1/candidate/redirects/r-1'],
  ])('%s %s with a small JSON body limit', (method, path) => {
    const route = forwarded(method, path);
    expect(route?.maxBodyBytes).toBeGreaterThan(0);
    expect(route?.maxBodyBytes).toBeLessThanOrEqual(64 * 1024);
  });

  it.each([
    '/api/it/v1/candidate/me',
    '/api/it/v1/candidate/favourites',
    '/api/it/v1/candidate/favourites/count',
    '/api/it/v1/candidate/applications',
    '/api/it/v1/candidate/matched-offers',
    '/api/it/v1/candidate/export',
    '/api/it/v1/candidate/documents/doc-1/download',
    '/api/it/v2/user-panel/offers/by-ids',
  ])('GET %s', (path) => {
    expect(forwarded('GET', path)?.maxBodyBytes).toBe(0);
  });

  it('answers 405 for other methods of the candidate calls', () => {
    expect(match('GET', '/api/it/v1/candidate/login')).toEqual({ kind: 'method_not_allowed', allow: ['POST'] });
    expect(match('DELETE', '/api/it/v1/candidate/me').kind).toBe('method_not_allowed');
    expect(match('PUT', '/api/it/v1/candidate/favourites')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'HEAD', 'POST'] });
    expect(match('GET', '/api/it/v1/candidate/documents/doc-1')).toEqual({ kind: 'method_not_allowed', allow: ['PUT', 'DELETE'] });
    expect(match('GET', '/api/it/v1/offers/x/applications').kind).toBe('method_not_allowed');
  });

  it('never forwards the dev mailbox, another board or a candidate path it does not list', () => {
    expect(kind('GET', '/api/dev/mailbox')).toBe('not_found');
    expect(kind('GET', '/api/dev/mailbox/m-1')).toBe('not_found');
    expect(kind('POST', '/api/work/v1/candidate/login')).toBe('not_found');
    expect(kind('GET', '/api/it/v1/candidate')).toBe('not_found');
    expect(kind('GET', '/api/it/v1/candidate/documents')).toBe('method_not_allowed');
    expect(kind('GET', '/api/it/v1/candidate/documents/..%2F..%2Fexport/download')).toBe('not_found');
    expect(kind('POST', '/api/it/v1/candidate/favourites/a%2Fb')).toBe('not_found');
  });
});

describe('matchPublicApi: the internal API is never forwarded', () => {
  it.each(['POST', 'GET', 'PUT', 'DELETE', 'PATCH'])('%s /internal/offers[/slug]', (method) => {
    expect(kind(method, '/api/it/internal/offers')).toBe('not_found');
    expect(kind(method, '/api/it/internal/offers/some-slug')).toBe('not_found');
  });

  it.each([
    '/api/it/INTERNAL/offers',
    '/api/it/Internal/offers/x',
    '/api/it/%69nternal/offers',
    '/api/it/internal%2Foffers',
    '/api/it/internal%2foffers%2fx',
    '/api/it/v1/offers/..%2F..%2Finternal%2Foffers',
    '/api/it/v1/offers/%2E%2E',
    '/api/it/v1/offers/%2e',
    '/api/it/v1/offers/..',
    '/api/it/v1/offers/.',
    '/api/it/v1/offers/../../internal/offers',
    '/api/it/v1/../internal/offers',
    '/api/it/v1/offers/a%5C..%5Cinternal',
    '/api/it/v1/offers/a\\b',
    '/api/it/v1/offers/a%00',
    '/api/it/v1/offers/%ZZ',
    '/api/it//internal/offers',
    '/api/it/internal/offers/',
    '/api//it/internal/offers',
    '/api/it/v1/views/../../internal/offers',
  ])('%s', (path) => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(kind(method, path)).toBe('not_found');
  });
});

describe('matchPublicApi: everything else', () => {
  it.each([
    '/api/it',
    '/api/it/',
    '/api',
    '/api/',
    '/api/openapi.json',
    '/api/internal/openapi.json',
    '/metrics',
    '/api/it/health',
    '/api/it/v2/user-panel/offers/',
    '/api/it/v2/user-panel/offers//count',
    '/api/it//v2/user-panel/offers',
    '/api/it/v2/user-panel/Offers',
    '/api/it/v2/user-panel/offers/unknown',
    '/api/it/v1/offers',
    '/api/it/v1/offers/a/b',
    '/api/it/v1/offers/%2F',
    '/api/it/v1/offers/a%2Fb',
    '/api/it/v2/user-panel/brand-stories/company/a%2Fb/short-info',
    '/api/it/v2/user-panel/offers/count/categories/1/2',
    '/health',
    'api/it/v2/user-panel/offers',
    '/x/api/it/v2/user-panel/offers',
  ])('%s is unknown', (path) => {
    expect(kind('GET', path)).toBe('not_found');
  });

  it("forwards only the board of the request's host (the forwarder passes that one board)", () => {
    expect(kind('GET', '/api/work/v2/user-panel/offers')).toBe('not_found');
    expect(kind('GET', '/api/IT/v2/user-panel/offers')).toBe('not_found');
    expect(matchPublicApi('GET', '/api/work/v2/user-panel/offers', ['work']).kind).toBe('forward');
    expect(matchPublicApi('GET', '/api/it/v2/user-panel/offers', ['work']).kind).toBe('not_found');
    expect(matchPublicApi('GET', '/api/it/v2/user-panel/offers', []).kind).toBe('not_found');
  });

  it('never forwards the board list (the app reads it itself)', () => {
    expect(kind('GET', '/api/boards')).toBe('not_found');
    expect(matchPublicApi('GET', '/api/boards', ['boards']).kind).toBe('not_found');
  });

  it('answers 405 with the allowed methods for a known path and a wrong method', () => {
    // The employer side (issue 11) edits and deletes offers through the same path.
    expect(match('PUT', '/api/it/v1/offers/x')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'HEAD', 'PATCH', 'DELETE'] });
    expect(match('POST', '/api/it/v2/user-panel/offers')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'HEAD'] });
    expect(match('PUT', '/api/it/v1/offers/x').kind).toBe('method_not_allowed');
    expect(match('GET', '/api/it/v1/views')).toEqual({ kind: 'method_not_allowed', allow: ['POST'] });
    expect(match('DELETE', '/api/it/v1/views').kind).toBe('method_not_allowed');
    expect(match('OPTIONS', '/api/it/v1/views').kind).toBe('method_not_allowed');
  });
});

describe('matchPublicApi: saved searches and job alerts (issue 10)', () => {
  it.each([
    ['GET', '/api/it/job-filters'],
    ['POST', '/api/it/job-filters'],
    ['DELETE', '/api/it/job-filters/0123abcd'],
    ['POST', '/api/it/job-filters/0123abcd/read-filtered-offers'],
    ['POST', '/api/it/job-alerts'],
    ['DELETE', '/api/it/job-filters/0123abcd/job-alert'],
    ['PATCH', '/api/it/job-filters/0123abcd/job-alert/frequency'],
    ['POST', '/api/it/guests/job-alerts'],
    ['PUT', '/api/it/guests/job-alerts/activation'],
    ['DELETE', '/api/it/guests/job-alerts/c0ffee/0123abcd'],
    ['POST', '/api/it/job-alerts/unsubscribe'],
    ['GET', '/api/it/feeds/offers.atom'],
    ['GET', '/api/it/feeds/link'],
  ])('%s %s', (method, path) => {
    expect(match(method, path)).toMatchObject({ kind: 'forward', upstreamPath: path });
  });

  it('answers other methods 405 and never forwards the digest trigger', () => {
    expect(match('PUT', '/api/it/job-filters')).toMatchObject({ kind: 'method_not_allowed' });
    expect(kind('GET', '/api/it/job-filters/0123abcd/job-alert/frequency')).toBe('method_not_allowed');
    expect(kind('POST', '/api/it/internal/digests/run')).toBe('not_found');
    expect(kind('DELETE', '/api/it/guests/job-alerts/..%2F..%2Finternal/x')).toBe('not_found');
  });
});
