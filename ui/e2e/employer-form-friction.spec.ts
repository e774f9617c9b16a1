/**
 * Issue 23, item 15: small flaws of the offer form. An error under "Salary to" must not move
 * "Salary from" beside it, and the skill search says nothing while its box is empty.
 */
import { expect, shot, test } from './fixtures';
import { confirmViaApi, draftOfferViaApi, employerEmail, employerSession, signUpViaApi } from './employer';

test('employer-form-friction-01-an-error-moves-no-neighbour-and-an-empty-skill-search-says-nothing', async ({ page, request }) => {
  const email = employerEmail('friction');
  const company = `Friction Soft ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const token = await confirmViaApi(request, email);
  const slug = await draftOfferViaApi(request, token, company, 'Rust Developer');
  await employerSession(page, email, undefined, `/employer/offers/${slug}/form`);

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

// Issue 23, item 11: the form's city field knew only the board's 100 biggest cities and said nothing
// of what it found. Now the whole gazetteer is suggested, a city typed in full is pinned with a line
// saying so, and a name the gazetteer does not know gets a line saying that.
test('employer-form-friction-02-the-city-field-finds-any-gazetteer-place-and-says-so', async ({ page, request }) => {
  const email = employerEmail('friction-city');
  const company = `Friction City ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const token = await confirmViaApi(request, email);
  const slug = await draftOfferViaApi(request, token, company, 'Go Developer');
  await employerSession(page, email, undefined, `/employer/offers/${slug}/form`);

  const city = page.locator('#location-0-city');
  const status = page.getByTestId('location-status-0');
  // A small town outside the board's list of big cities, typed in full.
  await city.fill('Wadowice');
  await expect(status).toHaveAttribute('data-found', 'true');
  await expect(status).toContainText('Wadowice');
  await city.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shot(page, 'employer-form-friction-02-city-found');
  // Suggestions come from the gazetteer while typing.
  await city.fill('Wadow');
  await expect(page.locator('#offer-cities-0 option[value="Wadowice"]')).toHaveCount(1);
  // A name no place has.
  await city.fill('Qwxzville');
  await expect(status).toHaveAttribute('data-found', 'false');
  await expect(status).toContainText('Qwxzville');
  // A big city from the board's list is found at once.
  await city.fill('Kraków');
  await expect(status).toHaveAttribute('data-found', 'true');
  await expect(page.getByTestId('offer-map')).toBeVisible();
});

// Issue 27: plans sell what they enforce. Graphics are a plan's feature (`enableGraphics`): the
// description offers its image button only on such a plan (the server refuses the image elsewhere).
test('employer-form-friction-03-the-image-button-only-on-a-plan-with-graphics', async ({ page, request }) => {
  const email = employerEmail('graphics');
  const company = `Graphics Soft ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const token = await confirmViaApi(request, email);
  const pro = await draftOfferViaApi(request, token, company, 'Rust Developer', 'pro');
  const premium = await draftOfferViaApi(request, token, company, 'Go Developer', 'premium');
  await employerSession(page, email, undefined, `/employer/offers/${pro}/form`);
  await expect(page.locator('#offer-jobDescription')).toBeVisible();
  await expect(page.getByTestId('description-add-image')).toHaveCount(0);
  await page.goto(`/employer/offers/${premium}/form`);
  await expect(page.getByTestId('description-add-image')).toBeVisible();
  await shot(page, 'employer-form-friction-03-premium-image-button');
});
