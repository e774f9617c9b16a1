/**
 * The company side of the employer panel (issue 12): an owner edits the company data with a logo
 * and the billing data (a wrong NIP is refused), adds a recruiter who logs in and cannot open
 * users or billing; the owner writes a brand story with an image and candidates see it in the
 * company list, the homepage carousel and on its own page. The panel's pages pass axe (WCAG 2.1 AA).
 */
import { expectNoViolations } from './axe';
import { expect, shot, tenant, test } from './fixtures';
import { confirmViaApi, employerEmail, employerSession, signUpViaApi } from './employer';
import { acceptInvitation, coverPng, logoPng } from './panel-company';

test('an owner runs the company panel and publishes a brand story candidates see', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const run = Math.random().toString(36).slice(2, 7);
  const company = `Panel Works ${run}`;
  const ownerEmail = employerEmail('owner');
  await signUpViaApi(request, ownerEmail, company);
  await confirmViaApi(request, ownerEmail);
  await employerSession(page, ownerEmail, undefined, '/employer/company');

  // Company data with a logo checked by its content.
  await expect(page.getByTestId('employer-company')).toBeVisible();
  await page.locator('#company-size').selectOption('26-50');
  await page.locator('#company-website').fill('https://panel-works.example');
  await page.locator('#company-logo-file').setInputFiles({ name: 'logo.txt', mimeType: 'image/png', buffer: Buffer.from('not an image at all, just text '.repeat(10)) });
  await page.getByTestId('company-submit').click();
  await expect(page.getByTestId('company-logo-file-error')).toHaveText('Logo musi być plikiem JPEG lub PNG.');
  await page.locator('#company-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await page.getByTestId('company-submit').click();
  await expect(page.getByTestId('form-saved')).toBeVisible();
  await expect(page.getByTestId('company-logo')).toHaveJSProperty('naturalWidth', 128);
  await shot(page, 'panel-company-company');

  // Billing data: the NIP's check digit is the server's rule.
  await page.getByTestId('employer-nav').getByRole('link', { name: 'Dane do faktury' }).click();
  await expect(page.getByTestId('employer-billing')).toBeVisible();
  await page.locator('#billing-companyName').fill(`${company} sp. z o.o.`);
  await page.locator('#billing-taxId').fill('526-000-12-45');
  await page.locator('#billing-street').fill('Rynek Główny');
  await page.locator('#billing-streetNumber').fill('1/2');
  await page.locator('#billing-postalCode').fill('31-042');
  await page.locator('#billing-city').fill('Kraków');
  await page.getByTestId('billing-submit').click();
  await expect(page.getByTestId('billing-taxId-error')).toHaveText('Nieprawidłowy NIP.');
  await shot(page, 'panel-company-billing-refused');
  await page.locator('#billing-taxId').fill('526-000-12-46');
  await page.getByTestId('billing-submit').click();
  await expect(page.getByTestId('form-saved')).toBeVisible();
  await expect(page.locator('#billing-taxId')).toHaveValue('5260001246');

  // A recruiter joins.
  const recruiterEmail = employerEmail('recruiter');
  await page.getByTestId('employer-nav').getByRole('link', { name: 'Użytkownicy' }).click();
  await page.locator('#new-user-name').fill('Rita Rekruterka');
  await page.locator('#new-user-email').fill(recruiterEmail);
  await page.getByTestId('add-user-submit').click();
  await expect(page.getByTestId('user-invited')).toContainText(recruiterEmail);
  const recruiterRow = page.locator(`[data-testid="user-row"][data-email="${recruiterEmail}"]`);
  await expect(recruiterRow.getByTestId('user-role')).toHaveValue('recruiter');
  // The last owner stays an owner.
  await page.locator(`[data-testid="user-row"][data-email="${ownerEmail}"]`).getByTestId('user-role').selectOption('recruiter');
  await expect(page.getByTestId('user-row-error')).toHaveText('Firma musi mieć co najmniej jednego właściciela.');
  await shot(page, 'panel-company-users');

  await acceptInvitation(request, recruiterEmail);
  const recruiterContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pl-PL' });
  const recruiterPage = await recruiterContext.newPage();
  await employerSession(recruiterPage, recruiterEmail, undefined, '/employer/profile');
  await expect(recruiterPage.getByTestId('profile-role')).toContainText('rekruter');
  const recruiterNav = recruiterPage.getByTestId('employer-nav');
  await expect(recruiterNav.getByRole('link', { name: 'Firma' })).toBeVisible();
  await expect(recruiterNav.getByRole('link', { name: 'Użytkownicy' })).toHaveCount(0);
  await expect(recruiterNav.getByRole('link', { name: 'Dane do faktury' })).toHaveCount(0);
  for (const path of ['/employer/users', '/employer/billing']) {
    await recruiterPage.goto(path);
    await expect(recruiterPage.getByTestId('owners-only')).toBeVisible();
  }
  await shot(recruiterPage, 'panel-company-recruiter');
  await recruiterContext.close();

  // The brand story, with a cover photo.
  await page.getByTestId('employer-nav').getByRole('link', { name: 'Historia marki' }).click();
  await expect(page.getByTestId('story-status')).toHaveAttribute('data-status', 'absent');
  const slug = `panel-works-${run}`;
  await expect(page.locator('#story-slug')).toHaveValue(slug);
  await page.locator('#story-type').selectOption('software-house');
  await page.locator('#story-short').fill('Budujemy systemy płatności i dbamy o zespół.');
  await page.locator('#story-short-en').fill('We build payment systems and care for the team.');
  await page.locator('#story-description').fill('<p>Nasz zespół liczy <strong>40 osób</strong>.</p><script>alert(1)</script>');
  await page.locator('#story-technologies').fill('Klingon');
  await page.locator('#story-cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await page.locator('#story-published').check();
  await page.getByTestId('story-submit').click();
  await expect(page.getByTestId('story-technologies-error')).toHaveText('Nie znamy tej technologii — wybierz z listy.');
  await page.locator('#story-technologies').fill('python, Docker');
  await page.locator('#story-cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await page.getByTestId('story-submit').click();
  await expect(page.getByTestId('story-status')).toHaveAttribute('data-status', 'published');
  await expect(page.locator('#story-technologies')).toHaveValue('Python, Docker');
  await expect(page.getByTestId('story-cover')).toBeVisible();
  await shot(page, 'panel-company-story-form');

  // Candidates: the story's page.
  await page.goto(`/brands/story/${slug}`);
  await expect(page.getByTestId('story-name')).toHaveText(company);
  await expect(page.getByTestId('story-description')).toContainText('40 osób');
  await expect(page.getByTestId('story-description').locator('script')).toHaveCount(0);
  await expect(page.getByTestId('story-technologies')).toContainText('Python');
  await shot(page, 'panel-company-story-page');

  // The homepage's story carousel (its answer is cached up to a minute).
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByTestId('story-carousel').getByRole('link', { name: company }).count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  // The company list (the web app's forwarder of `brand-stories/company/list`): companies' stories first.
  const list = await page.request.get(`/api/${tenant}/v2/user-panel/brand-stories/company/list?page=1&perPage=20`);
  expect(list.status()).toBe(200);
  const stories = ((await list.json()) as { data: { slug: string; name: string; coverPhotoUrl: string }[] }).data;
  expect(stories.find((story) => story.slug === slug)).toMatchObject({ name: company });
  await page.getByTestId('story-carousel').getByRole('link', { name: company }).scrollIntoViewIfNeeded();
  await shot(page, 'panel-company-home-carousel');
  // The company list page (its first page, newest stories first; cached up to a minute too) leads to the story.
  await expect
    .poll(
      async () => {
        await page.goto('/brands');
        return page.getByTestId('brands-list').getByRole('link', { name: company }).count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await page.getByTestId('brands-list').getByRole('link', { name: company }).click();
  await expect(page).toHaveURL(new RegExp(`/brands/story/${slug}$`));
});

test('the company panel pages have no axe violations (WCAG 2.1 AA)', async ({ page, request }) => {
  const email = employerEmail('a11y');
  await signUpViaApi(request, email, `A11y Works ${Math.random().toString(36).slice(2, 7)}`);
  await confirmViaApi(request, email);
  await employerSession(page, email, undefined, '/employer/profile');
  for (const path of ['/employer/profile', '/employer/company', '/employer/billing', '/employer/clauses', '/employer/users', '/employer/brand-story']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await expectNoViolations(page, path);
  }
});
