// Saved searches of a guest, kept in the browser (issue 10): the switcher on the list saves the
// search (300 ms debounce), a saved one asks before it is deleted, at most 10 with the limit
// notice, the e-mail note and its `ja-hide-sub-message` cookie, the saved searches page, and the
// migration of an older `jobAlerts` entry, the signed Atom feed of a saved search.
import { test, expect, shot, cookieOf, MOBILE, type Page } from './fixtures';

async function storedSearches(page: Page): Promise<{ version: number; state: { jobAlerts: { searchUrl: string; name: string }[] } } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
}

test('alerts-local-01-switch-saves-confirms-delete-and-lists', async ({ page }) => {
  await page.goto('/krakow?keyword=java');
  const toggle = page.getByTestId('job-alert-switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'alerts-local-01-list-1280');

  // Three quick clicks (one task, so well within 300 ms on any machine) settle on "on": one save.
  await toggle.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
    element.click();
  });
  await expect(page.getByTestId('snackbar')).toHaveText(/Zapisano wyszukiwanie/);
  await expect(toggle).toHaveAttribute('data-saved', 'true');
  const stored = await storedSearches(page);
  expect(stored?.version).toBe(1);
  expect(stored?.state.jobAlerts.map((item) => item.searchUrl)).toEqual(['/krakow?keyword=java']);
  expect(stored?.state.jobAlerts[0].name).toBe('java, Kraków');

  // The note offering e-mail alerts; hiding it sets the cookie for a year.
  await expect(page.getByTestId('alert-sub-message')).toBeVisible();
  await shot(page, 'alerts-local-01-saved-1280');
  await page.getByTestId('alert-sub-message-hide').click();
  await expect(page.getByTestId('alert-sub-message')).toHaveCount(0);
  const cookie = await cookieOf(page, 'ja-hide-sub-message');
  expect(cookie?.value).toBe('true');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  // The same search in English names is the same saved search.
  await page.goto('/krakow?keyword=java&sortBy=newest&orderBy=DESC');
  await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('aria-checked', 'true');

  // Switching off asks first; cancelling keeps it.
  await page.getByTestId('job-alert-switch').click();
  const confirm = page.getByTestId('alert-delete-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('java, Kraków');
  await shot(page, 'alerts-local-01-delete-confirm-1280');
  await page.getByTestId('alert-delete-confirm-cancel').click();
  await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('aria-checked', 'true');

  // The header leads to the saved searches page.
  await page.getByTestId('header-alerts').click();
  await expect(page).toHaveURL(/\/saved-searches$/);
  await expect(page.getByTestId('saved-tile')).toHaveCount(1);
  await expect(page.getByTestId('saved-tile')).toContainText('java, Kraków');
  await expect(page.getByTestId('saved-set-up')).toHaveAttribute('href', '/krakow?keyword=java#add-alert');
  await shot(page, 'alerts-local-01-page-1280');
  // The search's signed Atom feed, asked for on the first click, answers without a login.
  await page.getByTestId('feed-link').click();
  const feedUrl = new URL(await page.getByTestId('feed-url').inputValue());
  expect(feedUrl.pathname).toMatch(/\/feeds\/offers\.atom$/);
  const feed = await page.request.get(feedUrl.pathname + feedUrl.search);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('<feed');

  // Delete from the page, with its dialog and notice.
  await page.getByTestId('saved-delete').click();
  await expect(page.getByTestId('saved-delete-dialog')).toBeVisible();
  await page.getByTestId('saved-delete-dialog-confirm').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Usunięto zapisane wyszukiwanie/);
  await expect(page.getByTestId('saved-searches-empty')).toBeVisible();
  expect((await storedSearches(page))?.state.jobAlerts).toEqual([]);
});

test('alerts-local-02-ten-at-most-with-the-limit-notice', async ({ page }) => {
  await page.goto('/all-locations');
  await page.evaluate(() => {
    const jobAlerts = Array.from({ length: 10 }, (_, n) => ({ id: `l${n}`, searchUrl: `/all-locations?keyword=k${n}`, name: `k${n}`, filters: null, createdAt: new Date().toISOString(), alert: null }));
    localStorage.setItem('jobAlerts', JSON.stringify({ state: { jobAlerts }, version: 1 }));
  });
  await page.goto('/warszawa?keyword=rust');
  await page.getByTestId('job-alert-switch').click();
  await expect(page.getByTestId('snackbar')).toContainText('Osiągnięto maksymalny limit zapisanych powiadomień.');
  await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('aria-checked', 'false');
  expect((await storedSearches(page))?.state.jobAlerts).toHaveLength(10);
  // One of the ten opens as saved.
  await page.goto('/all-locations?keyword=k3');
  await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('aria-checked', 'true');
});

test('alerts-local-03-an-older-store-is-migrated', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('jobAlerts', JSON.stringify({ version: 0, state: { jobAlerts: [{ url: 'https://it.wakat.example/krakow?keyword=python&from=200#add-alert', name: 'Python, Kraków' }] } })),
  );
  await page.goto('/saved-searches');
  await expect(page.getByTestId('saved-tile')).toHaveCount(1);
  await expect(page.getByTestId('saved-open')).toHaveAttribute('href', '/krakow?keyword=python');
  const stored = await storedSearches(page);
  expect(stored?.version).toBe(1);
  expect(stored?.state.jobAlerts[0].searchUrl).toBe('/krakow?keyword=python');
  await page.goto('/krakow?keyword=python');
  await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('aria-checked', 'true');
});

test('alerts-local-04-register-dialog-rules-and-dirty-state', async ({ page }) => {
  await page.goto('/krakow?keyword=java#add-alert');
  const dialog = page.getByTestId('add-alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('#alert-name')).toHaveValue('java, Kraków');
  await expect(page.getByTestId('frequency-twiceAWeek')).toBeChecked();
  await shot(page, 'alerts-local-04-dialog-1280');
  // Empty e-mail, unticked privacy policy, a bad name: the spec's messages.
  await page.locator('#alert-name').fill('java; <b>');
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('alert-email-error')).toHaveText('To pole jest wymagane');
  await expect(page.getByTestId('alert-name-error')).toContainText('niedozwolone znaki');
  await expect(page.getByTestId('alert-privacy-error')).toHaveText('To pole jest wymagane');
  await page.locator('#alert-email').fill('zażółć@example.com');
  await page.locator('#alert-email').blur();
  await expect(page.getByTestId('alert-email-error')).toHaveText('Niepoprawny adres e-mail');
  await page.locator('#alert-name').fill('x'.repeat(1000));
  await page.locator('#alert-name').blur();
  await expect(page.getByTestId('alert-name-error')).toHaveText('Maksymalna liczba znaków to 999');
  await shot(page, 'alerts-local-04-dialog-errors-1280');
  // Closing a dirty form asks; keeping it keeps the values; discarding closes and drops the hash.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('add-alert-discard')).toBeVisible();
  await page.getByTestId('add-alert-keep').click();
  await expect(page.locator('#alert-email')).toHaveValue('zażółć@example.com');
  await page.getByRole('button', { name: 'Zamknij' }).first().click();
  await page.getByTestId('add-alert-discard-confirm').click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).hash).toBe('');
  // A clean form closes at once; the button opens it again by the hash.
  await page.getByTestId('open-add-alert').click();
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#add-alert');
  await expect(page.locator('#alert-email')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('alerts-local-05-entry-points-without-their-values-go-home', async ({ page }) => {
  await page.goto('/?job-alerts=activate&code=abc');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/?modal=account-verified');
  await expect(page.getByTestId('account-verified')).toBeVisible();
  await shot(page, 'alerts-local-05-account-verified-1280');
  await page.getByTestId('account-verified-ok').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$|localhost:\d+\/$/);
});

test.describe('phone', () => {
  test.use(MOBILE);
  test('alerts-local-06-phone-screens', async ({ page }) => {
    await page.goto('/krakow?keyword=java');
    await page.getByTestId('job-alert-switch').click();
    await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('data-saved', 'true');
    await shot(page, 'alerts-local-06-list-360');
    await page.getByTestId('open-add-alert').click();
    await expect(page.getByTestId('add-alert-dialog')).toBeVisible();
    await shot(page, 'alerts-local-06-dialog-360');
    await page.keyboard.press('Escape');
    await page.goto('/saved-searches');
    await expect(page.getByTestId('saved-tile')).toHaveCount(1);
    await shot(page, 'alerts-local-06-page-360');
    await page.getByTestId('saved-delete').click();
    await shot(page, 'alerts-local-06-delete-360');
  });
});

// "Link wygasł": the API answers an expired activation link with 410 (links live 48 hours, too
// long for a journey), so this one answer is given by the browser's route; everything after it
// is the app's own flow: the dialog, and "add the alert again" opening the saved search's dialog.
test('alerts-local-07-expired-activation-link', async ({ page }) => {
  await page.goto('/all-locations');
  await page.evaluate(() => {
    const alert = { email: 'ada@example.com', frequency: 'twiceAWeek', status: 'pending', jobFilterId: 'f-expired', candidateId: null };
    const jobAlerts = [{ id: 'l1', searchUrl: '/krakow?keyword=java', name: 'java, Kraków', filters: null, createdAt: new Date().toISOString(), alert }];
    localStorage.setItem('jobAlerts', JSON.stringify({ state: { jobAlerts }, version: 1 }));
  });
  await page.route('**/guests/job-alerts/activation', (route) =>
    route.fulfill({ status: 410, contentType: 'application/json', body: JSON.stringify({ code: 'activation_link_expired', message: 'Link wygasł', field: null }) }),
  );
  await page.goto('/?job-alerts=activate&code=old-code&job-filter-id=f-expired');
  const dialog = page.getByTestId('alert-link-expired');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Link wygasł');
  await shot(page, 'alerts-local-07-link-expired-1280');
  await page.getByTestId('alert-add-again').click();
  await expect(page).toHaveURL(/\/krakow\?keyword=java#add-alert$/);
  await expect(page.getByTestId('add-alert-dialog')).toBeVisible();
  await expect(page.locator('#alert-name')).toHaveValue('java, Kraków');
});

test.describe('english', () => {
  test.use({ cookies: { 'wakat-lang': 'en' } });
  test('alerts-local-08-english-texts', async ({ page }) => {
    await page.goto('/krakow?keyword=java');
    await expect(page.getByTestId('job-alert-switch')).toContainText('Save this search');
    await page.getByTestId('job-alert-switch').click();
    await expect(page.getByTestId('snackbar')).toContainText('Search saved');
    await page.getByTestId('open-add-alert').click();
    await expect(page.getByTestId('add-alert-dialog')).toContainText('New offers alert');
    await expect(page.locator('#alert-name')).toHaveValue('java, Cracow');
    await page.locator('#alert-email').fill('zażółć@example.com');
    await page.getByTestId('add-alert-submit').click();
    await expect(page.getByTestId('alert-email-error')).toHaveText('Invalid e-mail address');
    await expect(page.getByTestId('alert-privacy-error')).toHaveText('This field is required');
    await shot(page, 'alerts-local-08-dialog-en-1280');
  });
});
