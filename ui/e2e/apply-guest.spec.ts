// Applying as a guest (issue 9, spec §4 "Apply form flow", §5): the form in its dialog, the success
// view, and the server's field errors shown on their fields. Needs the real API (applications).
import { test, expect, MOBILE, shot } from './fixtures';
import { fakePdfFile, formOffers, pdfFile, uniqueEmail } from './candidate';

test('apply-01-guest-applies-with-a-pdf', async ({ page, request }) => {
  const [offer] = await formOffers(request, 1);
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  await page.getByTestId('apply').click();
  const dialog = page.getByTestId('apply-dialog');
  await expect(dialog).toBeVisible();
  // Client-side rules first: nothing filled in.
  await page.getByTestId('apply-submit').click();
  await expect(dialog.getByTestId('apply-name-error')).toBeVisible();
  await expect(dialog.getByTestId('apply-attachment-error')).toBeVisible();
  await page.locator('#apply-name').fill('Grace Hopper');
  await page.locator('#apply-email').fill(uniqueEmail('guest'));
  await page.locator('#apply-message').fill('I would love to work on your compilers.');
  await page.getByTestId('apply-attachment').setInputFiles(pdfFile());
  await expect(page.getByTestId('apply-file')).toContainText('cv.pdf');
  await shot(page, 'apply-01-form-desktop');
  await page.getByTestId('apply-submit').click();
  const success = page.getByTestId('apply-success');
  await expect(success).toBeVisible();
  await expect(success).toContainText(offer.companyName);
  // Guests are invited to register.
  await expect(success.getByTestId('register-banner')).toBeVisible();
  await shot(page, 'apply-01-success-desktop');
});

test('apply-02-server-field-errors-show-on-the-form', async ({ page, request }) => {
  const [, offer] = await formOffers(request, 2);
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  await page.getByTestId('apply').click();
  await page.locator('#apply-name').fill('Grace Hopper');
  await page.locator('#apply-email').fill(uniqueEmail('errors'));
  // A pasted 1,001-character message: the counter turns red and the message field says why.
  const message = page.locator('#apply-message');
  await message.focus();
  await message.fill('x'.repeat(1001));
  await expect(page.getByTestId('apply-counter')).toHaveText(/1001\/1000/);
  await expect(page.getByTestId('apply-counter')).toHaveClass(/counter--over/);
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-message-error')).toHaveText(/1000/);
  // A file named .pdf that is not one passes the browser's checks; the server refuses its content
  // and the error lands on the attachment field.
  await message.fill('Short and sweet.');
  await page.getByTestId('apply-attachment').setInputFiles(fakePdfFile());
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-attachment-error')).toBeVisible();
  await expect(page.getByTestId('apply-attachment-error')).toContainText('PDF');
  await expect(page.getByTestId('apply-success')).toHaveCount(0);
  await expect(page.getByTestId('apply-message-error')).toHaveCount(0);
  await shot(page, 'apply-02-field-error');
});

test.describe('mobile', () => {
  test.use(MOBILE);

  test('apply-03-mobile-apply-box-and-drawer', async ({ page, request }) => {
    const [, , offer] = await formOffers(request, 3);
    await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
    const box = page.getByTestId('apply-box');
    // The apply box floats at the bottom of the screen.
    await expect(box).toBeInViewport();
    const rect = await box.boundingBox();
    expect(rect && rect.y + rect.height).toBeGreaterThan(700);
    await shot(page, 'apply-03-box-mobile');
    await page.getByTestId('apply').click();
    await expect(page.getByTestId('apply-dialog')).toBeVisible();
    await shot(page, 'apply-03-form-mobile');
  });

  test('apply-05-mobile-success-starts-at-its-top', async ({ page, request }) => {
    const offers = await formOffers(request, 5);
    const offer = offers[offers.length - 1];
    await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
    await page.getByTestId('apply').click();
    await page.locator('#apply-name').fill('Ada Lovelace');
    await page.locator('#apply-email').fill(uniqueEmail('mobile-success'));
    await page.getByTestId('apply-attachment').setInputFiles(pdfFile());
    // The submit button is at the bottom of the scrolled form.
    await page.getByTestId('apply-submit').click();
    await expect(page.getByTestId('apply-success')).toBeVisible();
    await expect(page.locator('.apply-success__icon'), 'the check mark is wholly in view').toBeInViewport({ ratio: 1 });
    await shot(page, 'apply-05-success-mobile');
  });
});

test('apply-04-a-second-application-of-one-person-hears-when-the-first-was-sent', async ({ page, request }) => {
  const [offer] = await formOffers(request, 1);
  const email = uniqueEmail('twice');
  const applyOnce = async () => {
    await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
    await page.getByTestId('apply').click();
    await page.locator('#apply-name').fill('Grace Hopper');
    await page.locator('#apply-email').fill(email);
    await page.locator('#apply-message').fill('I would love to work on your compilers.');
    await page.getByTestId('apply-attachment').setInputFiles(pdfFile());
    await page.getByTestId('apply-submit').click();
  };
  await applyOnce();
  await expect(page.getByTestId('apply-success')).toBeVisible();
  // A guest's browser keeps nothing: the second try is refused and says when the first was sent.
  await applyOnce();
  await expect(page.getByTestId('apply-dialog')).toBeHidden();
  await expect(page.getByTestId('applied-at')).toContainText(String(new Date().getFullYear()));
  await expect(page.getByTestId('apply')).toBeDisabled();
  await expect(page.getByTestId('apply')).toHaveText('Aplikacja wysłana');
  await shot(page, 'apply-04-applied-already');
});
