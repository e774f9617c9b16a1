/**
 * Issue 23, item 15: small flaws of the offer form. An error under "Salary to" must not move
 * "Salary from" beside it, and the skill search says nothing while its box is empty.
 */
import { expect, test } from './fixtures';
import { confirmViaApi, draftOfferViaApi, employerEmail, logInEmployer, signUpViaApi } from './employer';

test('employer-form-friction-01-an-error-moves-no-neighbour-and-an-empty-skill-search-says-nothing', async ({ page, request }) => {
  const email = employerEmail('friction');
  const company = `Friction Soft ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const token = await confirmViaApi(request, email);
  const slug = await draftOfferViaApi(request, token, company, 'Rust Developer');
  await logInEmployer(page, email, undefined, `/employer/offers/${slug}/form`);

  const from = page.locator('#offer-primarySalaryFrom');
  await from.fill('10000');
  await page.locator('#offer-primarySalaryTo').fill('20000');
  await expect(page.locator('#offer-primarySalaryTo-error')).toHaveCount(0);
  const before = await from.boundingBox();
  // Three times "from" at most: "to" gets an error line under it.
  await page.locator('#offer-primarySalaryTo').fill('40000');
  await expect(page.locator('#offer-primarySalaryTo-error')).toBeVisible();
  const after = await from.boundingBox();
  expect(after?.y, '"from" stays where it was').toBe(before?.y);

  const search = page.getByTestId('skill-search');
  await search.fill('');
  await page.waitForTimeout(400);
  await expect(page.getByTestId('skills-nothing-found')).toHaveCount(0);
  await expect(page.getByTestId('skill-result').first()).toBeVisible();
});
