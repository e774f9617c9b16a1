/**
 * The employer journey of issue 11: sign up → confirm from the e-mail (the dev mailbox in
 * employer-journey.spec.ts, a real SMTP server on loopback in employer-smtp.journey.ts) → choose
 * a plan → fill the 17-section form (a location and a logo; a draft refused while it lacks what a
 * draft needs; the salary's three-times rule) → summary → pay in the sandbox → the return page
 * polls to success → the offer is on the candidate list and its page → edit its salary and see
 * it on the candidate side → finish the recruitment: it leaves the list.
 */
import type { Page } from '@playwright/test';
import { expect, shot } from './fixtures';
import { EMPLOYER_PASSWORD, employerEmail, listedCards, payInSandbox, pngLogo } from './employer';

/** Where the journey reads its confirmation link, and the prefix of its screenshots. */
export interface JourneyMail {
  confirmationLink: (email: string) => Promise<string>;
  shots: string;
}

export async function employerJourney(page: Page, mail: JourneyMail): Promise<void> {
  const email = employerEmail('journey');
  const company = `Journey Soft ${Date.now().toString(36)}`;
  const title = `Rust Developer ${Date.now().toString(36)}`;

  // Sign up on the web app.
  await page.goto('/employer/sign-up');
  await page.locator('#sign-up-company').fill(company);
  await page.locator('#sign-up-name').fill('Anna Nowak');
  await page.locator('#sign-up-email').fill(email);
  await page.locator('#sign-up-password').fill(EMPLOYER_PASSWORD);
  await page.locator('#sign-up-password-confirmation').fill('something else 1');
  // Blur first: the field's own error moves the button.
  await page.locator('#sign-up-password-confirmation').press('Tab');
  await page.getByTestId('sign-up-submit').click();
  await expect(page.locator('#sign-up-password-confirmation-error')).toHaveText('Hasła się różnią.');
  await expect(page.locator('#sign-up-regulations-error')).toBeVisible();
  await page.locator('#sign-up-password-confirmation').fill(EMPLOYER_PASSWORD);
  await page.locator('#sign-up-regulations').check();
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('sign-up-done')).toContainText(email);

  // Confirm from the e-mailed link: one click logs in and opens the plans.
  await page.goto(await mail.confirmationLink(email));
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('new-offer')).toBeVisible();
  await expect(page.getByTestId('employer-who')).toContainText(company);
  await expect(page.getByTestId('plan-pro')).toContainText('Pro');
  await page.getByTestId('choose-pro').click();

  // The form: section 3's defaults, the 17 sections in order.
  await expect(page.getByTestId('offer-form-title')).toHaveText('Nowe ogłoszenie');
  const legends = page.locator('.offer-section__legend');
  await expect(legends).toHaveCount(17);
  await expect(legends.first()).toContainText('1. Informacje o firmie');
  await expect(legends.last()).toContainText('17. Dane kontaktowe');
  await expect(page.locator('#offer-companyName')).toHaveValue(company);
  await expect(page.locator('#offer-salaryCurrency')).toHaveValue('pln');
  await expect(page.locator('#offer-salaryUnit')).toHaveValue('month');
  await expect(page.getByTestId('location-row')).toHaveCount(1);

  // A draft needs a primary employment type.
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('offer-form-message')).toHaveText('Formularz zawiera błędy. Popraw je przed zapisaniem szkicu');
  await expect(page.locator('#offer-primaryEmploymentType-error')).toHaveText('To pole jest wymagane');
  await page.locator('#offer-primaryEmploymentType').selectOption('b2b');
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('offer-form-message')).toHaveText('Szkic zapisany.');

  // 1. Company.
  await page.locator('#offer-companySize').selectOption('26-50');
  await page.locator('#offer-companyWebsite').fill('journey.example');
  await expect(page.locator('#offer-companyWebsite-error')).toHaveText('Adres musi zaczynać się od http:// lub https://');
  await page.locator('#offer-companyWebsite').fill('https://journey.example');
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngLogo() });
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  // 2.–3. Position, category.
  await page.locator('#offer-jobPositionName').fill(title);
  await page.locator('#offer-jobPositionExperience').selectOption('senior');
  await page.locator('#offer-jobCategory').selectOption({ index: 1 });
  if (await page.locator('#offer-jobSubcategory').isVisible()) await page.locator('#offer-jobSubcategory').selectOption({ index: 1 });
  // 4. A language.
  await page.getByTestId('add-language').click();
  await page.locator('#language-0-code').selectOption('en');
  await page.locator('#language-0-level').selectOption('B2');
  // 5. Skills from the searchable dictionary.
  await page.getByTestId('skill-search').fill('Pyth');
  await page.getByRole('button', { name: '+ wymagana: Python', exact: true }).click();
  // A skill outside the dictionary is typed in.
  await page.getByTestId('skill-search').fill('Rust');
  await page.getByTestId('skill-results').getByRole('button', { name: '+ wymagana', exact: true }).click();
  await page.getByTestId('skill-search').fill('Docker');
  await page.getByRole('button', { name: '+ mile widziana: Docker', exact: true }).click();
  await expect(page.getByTestId('requiredSkills-list').getByTestId('skill-row')).toHaveCount(2);
  // 7. Salary: the three-times rule (checked 200 ms after typing), then a good range.
  await page.locator('#offer-primarySalaryFrom').fill('10000');
  await page.locator('#offer-primarySalaryTo').fill('40000');
  await expect(page.locator('#offer-primarySalaryTo-error')).toHaveText('Kwota „do” może być najwyżej trzy razy wyższa niż „od”.');
  await page.locator('#offer-primarySalaryFrom').fill('20000');
  await page.locator('#offer-primarySalaryTo').fill('25000');
  await expect(page.locator('#offer-primarySalaryTo-error')).toHaveCount(0);
  // 8. Description.
  await page.locator('#offer-jobDescription').fill('We build a search engine in Rust.\n\nJoin a small team.');
  // 9. A location with its pin on the map.
  await page.locator('#location-0-city').fill('Warszawa');
  await page.locator('#location-0-street').fill('Marszałkowska 1');
  await expect(page.getByTestId('offer-map')).toBeVisible();
  // 10.–11.
  await page.getByTestId('working-place').locator('input[value="remote"]').check();
  await page.getByTestId('working-time').locator('input[value="full_time"]').check();
  // 14.–15. Application and consents.
  await page.getByTestId('application-type').locator('input[value="email"]').check();
  await page.locator('#offer-applicationTypeUri').fill('Jobs@Journey.example');
  await page.locator('#offer-informationClauseText').fill('Administratorem danych osobowych jest Journey Soft sp. z o.o., ul. Marszałkowska 1, Warszawa.');
  // 17. Contact.
  await page.locator('#offer-contactName').fill('Anna Nowak');
  await page.locator('#offer-contactEmail').fill('Anna@Journey.example');
  await shot(page, `${mail.shots}-form`);
  await page.getByTestId('offer-submit').click();

  // The summary: what candidates will see.
  await expect(page.getByTestId('offer-summary')).toBeVisible();
  await expect(page.getByTestId('summary-title')).toHaveText(title);
  await expect(page.getByTestId('summary-logo')).toBeVisible();
  await expect(page.getByTestId('summary-salary').first()).toContainText('20 000–25 000');
  await expect(page.getByTestId('summary-location')).toContainText('Warszawa');
  await shot(page, `${mail.shots}-summary`);
  const slug = /\/employer\/offers\/([^/]+)\/summary/.exec(page.url())![1];
  await page.getByTestId('summary-publish').click();

  // Pay in the sandbox; the return page polls to success.
  await payInSandbox(page);
  await shot(page, `${mail.shots}-payment-return`);

  // The candidate side: the list and the offer page.
  await expect.poll(() => listedCards(page, title), { timeout: 15_000 }).toBe(1);
  await page.goto(`/job-offer/${slug}`);
  await expect(page.getByTestId('offer-title')).toHaveText(title);
  await expect(page.getByTestId('offer-salary').first()).toContainText('20 000–25 000');

  // Edit the salary; candidates see it at once.
  await page.goto(`/employer/offers/${slug}`);
  await expect(page.getByTestId('offer-state')).toHaveText('Opublikowane');
  // The bump schedule: none done yet, the first due a week after publication.
  const firstBump = new Intl.DateTimeFormat('pl', { dateStyle: 'medium' }).format(new Date(Date.now() + 7 * 86_400_000));
  await expect(page.getByTestId('offer-bumps')).toHaveText(`Podbicia: zostały 2 z 2, następne ${firstBump}`);
  await page.getByTestId('manage-edit').click();
  await expect(page.getByTestId('offer-form-title')).toHaveText('Edycja ogłoszenia');
  await page.locator('#offer-primarySalaryTo').fill('30000');
  await page.getByTestId('offer-submit').click();
  await expect(page.getByTestId('manage-offer')).toBeVisible();
  await page.goto(`/job-offer/${slug}`);
  await expect(page.getByTestId('offer-salary').first()).toContainText('20 000–30 000');

  // Finish the recruitment: the end page, and the offer leaves the list.
  await page.goto(`/employer/offers/${slug}`);
  await page.getByTestId('manage-finish').click();
  await page.getByTestId('manage-confirm-yes').click();
  await expect(page.getByTestId('offer-end')).toBeVisible();
  await expect.poll(() => listedCards(page, title), { timeout: 15_000 }).toBe(0);
}
