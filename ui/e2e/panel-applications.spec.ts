// The employer panel (issue 12): a candidate applies with a CV; the employer sees the offer's
// figures and the application, downloads the CV (the same bytes), moves it to "interview"; the
// candidate sees the new status in their history. The employer and the offer are made through
// the API (sign-up, mailed confirmation, prepaid code from the internal API: WAKAT_DATA_DIR or
// WAKAT_INTERNAL_TOKEN, as for the alert journeys).
import { readFile } from 'node:fs/promises';
import { test, expect, shot } from './fixtures';
import { pdfFile, signedInCandidate, uniqueEmail } from './candidate';
import { employerEmail, employerSession, EMPLOYER_PASSWORD } from './employer';
import { employerWithOffer } from './panel';

test('panel-01-candidate-applies-employer-downloads-the-cv-and-invites-to-an-interview', async ({ page, browser, request }) => {
  const email = employerEmail('panel');
  const title = `Kestrel Rust Developer ${Date.now().toString(36)}`;
  const { slug } = await employerWithOffer(request, email, 'Kestrel Software', title);

  // The candidate registers, opens the offer (a view) and applies with a CV.
  const candidateEmail = uniqueEmail('panel');
  await signedInCandidate(page, candidateEmail);
  await page.goto(`/job-offer/${encodeURIComponent(slug)}`);
  await page.getByTestId('apply').click();
  const dialog = page.getByTestId('apply-dialog');
  await expect(dialog).toBeVisible();
  if (!(await page.locator('#apply-name').inputValue())) await page.locator('#apply-name').fill('Ada Lovelace');
  if (!(await page.locator('#apply-email').inputValue())) await page.locator('#apply-email').fill(candidateEmail);
  const cv = pdfFile('ada cv.pdf');
  await page.getByTestId('apply-attachment').setInputFiles(cv);
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-success')).toBeVisible();

  // The employer, in a browser of their own.
  const employerContext = await browser.newContext({ acceptDownloads: true, storageState: { cookies: [], origins: [] } });
  const panel = await employerContext.newPage();
  await employerSession(panel, email, EMPLOYER_PASSWORD, '/employer/offers');
  const row = panel.locator(`[data-testid="offer-row"][data-slug="${slug}"]`);
  await expect(row).toContainText(title);
  await expect(panel.getByTestId('stats-applications')).toHaveText('1');
  await expect(panel.getByTestId('stats-chart').locator('svg').first()).toBeVisible();
  await shot(panel, 'panel-01-offers-and-statistics');
  await panel.screenshot({ path: test.info().outputPath('panel-01-offers-full.png'), fullPage: true });

  // The offer's own page: its figures and a way to its applications (issue 23, item 13).
  await panel.goto(`/employer/offers/${encodeURIComponent(slug)}`);
  const offerStats = panel.getByTestId('offer-stats');
  await expect(offerStats.getByTestId('stats-applications')).toHaveText('1');
  await expect(offerStats.getByTestId('stats-chart').locator('svg').first()).toBeVisible();
  await shot(panel, 'panel-01-offer-statistics');
  await offerStats.getByTestId('offer-applications-link').click();
  await expect(panel).toHaveURL(new RegExp(`/employer/applications\\?offer=${slug}`));
  const application = panel.getByTestId('application-row');
  await expect(application).toHaveCount(1);
  await expect(application).toContainText(candidateEmail);
  await expect(application.getByTestId('application-status')).toHaveText('Nowa');
  const [download] = await Promise.all([panel.waitForEvent('download'), application.getByTestId('cv-download').click()]);
  const downloaded = await readFile((await download.path())!);
  expect(downloaded.equals(cv.buffer), 'the CV has the bytes the candidate sent').toBe(true);

  await application.getByTestId('status-select').selectOption('interview');
  await application.getByTestId('status-save').click();
  await expect(panel.locator('[data-testid="application-row"][data-status="interview"]')).toHaveCount(1);
  await expect(panel.getByTestId('application-status')).toHaveText('Rozmowa');
  // Back along the pipeline and forward again; the row lists every change (issue 23, item 13:
  // once at "Rozmowa" it could only move forward).
  await application.getByTestId('status-select').selectOption('in_review');
  await application.getByTestId('status-save').click();
  await expect(panel.locator('[data-testid="application-row"][data-status="in_review"]')).toHaveCount(1);
  await application.getByTestId('status-select').selectOption('interview');
  await application.getByTestId('status-save').click();
  await expect(panel.locator('[data-testid="application-row"][data-status="interview"]')).toHaveCount(1);
  await application.getByTestId('status-history').locator('summary').click();
  await expect(application.getByTestId('status-history').locator('li')).toHaveCount(3);
  await shot(panel, 'panel-01-applications');
  await employerContext.close();

  // The candidate's history shows the new status.
  await page.goto('/application-history');
  const item = page.locator(`[data-testid="history-item"][data-slug="${slug}"]`);
  await expect(item.getByTestId('history-status')).toHaveAttribute('data-status', 'interview');
  await expect(item.getByTestId('history-status')).toContainText('Rozmowa');
});

test('panel-02-offers-page-works-without-javascript', async ({ browser, request }) => {
  const email = employerEmail('panel-nojs');
  const title = `Heron Go Developer ${Date.now().toString(36)}`;
  const { slug } = await employerWithOffer(request, email, 'Heron Software', title);
  const withJs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const login = await withJs.newPage();
  await employerSession(login, email, EMPLOYER_PASSWORD, '/employer/offers');
  const state = await withJs.storageState();
  await withJs.close();

  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const page = await noJs.newPage();
  await page.goto('/employer/offers');
  await expect(page.locator(`[data-testid="offer-row"][data-slug="${slug}"]`)).toBeVisible();
  await expect(page.getByTestId('stats-days').locator('tbody tr')).toHaveCount(30);
  // The search is a plain GET form.
  await page.getByTestId('offers-search').fill('no such title anywhere');
  await page.getByTestId('offers-search').press('Enter');
  await expect(page.getByTestId('offers-empty')).toBeVisible();
  await page.goto('/employer/offers?state=active');
  await expect(page.getByTestId('offers-tab-active')).toHaveAttribute('aria-current', 'page');
  await shot(page, 'panel-02-offers-without-javascript');
  await noJs.close();
});
