/**
 * Readable addresses of employers' offers (issue 23, item 9): the employer publishes, the
 * candidate reads the offer at company-title-city like an imported one; the draft id and, after
 * the employer changes the title, the old address redirect permanently to the address it has now.
 */
import { expect, test } from './fixtures';
import { internalToken } from './alerts';
import { baseURL } from './env';
import { companyIdOf, confirmViaApi, draftOfferViaApi, employerEmail, employerSession, issueCode, listedCards, signUpViaApi } from './employer';

test('offer-address', async ({ page, request }) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const email = employerEmail('address');
  const company = `Adres Soft ${run}`;
  const title = `Rust Developer ${run}`;
  await signUpViaApi(request, email, company);
  const access = await confirmViaApi(request, email);
  const slug = await draftOfferViaApi(request, access, company, title);
  const code = await issueCode(request, await companyIdOf(request, access), 'pro', internalToken());
  expect(slug).toMatch(/^offer-[0-9a-f]{16}$/);

  // The employer publishes with a code.
  await employerSession(page, email, undefined, `/employer/offers/${slug}`);
  await page.getByTestId('manage-continue').click();
  await page.getByTestId('offer-submit').click();
  await page.getByTestId('summary-publish').click();
  await page.locator('#publish-code').fill(code);
  await page.getByTestId('verify-code').click();
  await page.getByTestId('use-code').click();
  await expect(page.getByTestId('offer-state')).toHaveText('Opublikowane');

  // The candidate finds it in the list and opens it at company-title-city.
  const address = `adres-soft-${run}-rust-developer-${run}-krakow`;
  await expect.poll(() => listedCards(page, title), { timeout: 15_000 }).toBe(1);
  await page.getByTestId('offer-card').filter({ hasText: title }).locator('a[href^="/job-offer/"]').first().click();
  await expect(page).toHaveURL(new RegExp(`/job-offer/${address}$`));
  await expect(page.getByTestId('offer-title')).toHaveText(title);

  // The draft id (older links, the panel's) redirects there for good.
  const fromDraftId = await request.get(`${baseURL}/job-offer/${slug}`, { maxRedirects: 0 });
  expect([301, 308]).toContain(fromDraftId.status());
  expect(fromDraftId.headers()['location']).toMatch(new RegExp(`/job-offer/${address}$`));
  await page.goto(`/job-offer/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/job-offer/${address}$`));

  // The employer changes the title: a new address, and the old one redirects to it.
  const newTitle = `Senior Rust Developer ${run}`;
  const newAddress = `adres-soft-${run}-senior-rust-developer-${run}-krakow`;
  await page.goto(`/employer/offers/${slug}`);
  await page.getByTestId('manage-edit').click();
  await expect(page.getByTestId('offer-form-title')).toHaveText('Edycja ogłoszenia');
  await page.locator('#offer-jobPositionName').fill(newTitle);
  await page.getByTestId('offer-submit').click();
  await expect(page.getByTestId('manage-offer')).toBeVisible();
  const fromOld = await request.get(`${baseURL}/job-offer/${address}?currency=eur`, { maxRedirects: 0 });
  expect([301, 308]).toContain(fromOld.status());
  expect(fromOld.headers()['location']).toMatch(new RegExp(`/job-offer/${newAddress}\\?currency=eur$`));
  await page.goto(`/job-offer/${address}`);
  await expect(page).toHaveURL(new RegExp(`/job-offer/${newAddress}$`));
  await expect(page.getByTestId('offer-title')).toHaveText(newTitle);
});
