// Account takeovers of the security review (issue 22) as the owner meets them in the browser:
// an address registered twice before its confirmation chooses its password on the confirmation
// page, and an invitation shows who invites to what before it is accepted with a password.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, apiURL, tenant, shot } from './fixtures';
import { linksOf, type Mail } from './alerts';
import { PASSWORD, uniqueEmail } from './candidate';
import { confirmViaApi, employerEmail, mailedEmployerLink, signUpViaApi } from './employer';

/** The confirmation link still open among the mails to `email` (a new registration revokes the earlier ones). */
async function openConfirmationLink(request: APIRequestContext, email: string, count: number): Promise<string> {
  let open: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiURL}/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=20`);
        const mails = ((await response.json()) as { data: Mail[] }).data.filter((mail) => mail.tag === 'account.confirm');
        if (mails.length < count) return `${mails.length} of ${count} mails`;
        for (const mail of mails) {
          const link = linksOf(mail).find((url) => url.pathname === '/account/confirm');
          if (!link) continue;
          // Without a password an open contested link answers password_required and is not spent.
          const probe = await request.post(`${apiURL}/api/${tenant}/v1/candidate/confirm`, { data: { token: link.searchParams.get('token') } });
          if (((await probe.json()) as { code?: string }).code === 'password_required') open = link.pathname + link.search;
        }
        return open ? 'found' : 'no open link';
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('found');
  return open as unknown as string;
}

test('security-02-an-address-registered-twice-chooses-its-password-when-confirmed', async ({ page, request }) => {
  const email = uniqueEmail('contested');
  for (const [password, firstName] of [
    ['attacker chose 9', 'Mallory'],
    [PASSWORD, 'Ada'],
  ]) {
    const registered = await request.post(`${apiURL}/api/${tenant}/v1/candidate/register`, { data: { email, password, firstName, acceptedTerms: true } });
    expect(registered.status()).toBe(202);
  }
  await page.goto(await openConfirmationLink(request, email, 2));
  await page.getByTestId('confirm-account').click();
  await expect(page.getByTestId('confirm-choose-password')).toBeVisible();
  await page.locator('#confirm-password').fill('12345678');
  await page.locator('#confirm-first-name').fill('Ada');
  await page.getByTestId('confirm-account').click();
  await expect(page.getByTestId('link-error')).toContainText('zbyt popularne');
  await shot(page, 'security-contested-confirmation');
  await page.locator('#confirm-password').fill(PASSWORD);
  await page.getByTestId('confirm-account').click();
  await expect(page.getByTestId('confirm-done')).toBeVisible();

  const stranger = await request.post(`${apiURL}/api/${tenant}/v1/candidate/login`, { data: { email, password: 'attacker chose 9' } });
  expect(stranger.status(), 'the first registration password is gone').toBe(401);
  const owner = await request.post(`${apiURL}/api/${tenant}/v1/candidate/login`, { data: { email, password: PASSWORD } });
  expect(owner.status()).toBe(200);
});

test('security-03-an-invitation-names-the-company-and-is-accepted-with-a-password', async ({ page, request }) => {
  const owner = employerEmail('inviting-owner');
  await signUpViaApi(request, owner, 'Zapraszająca Sp. z o.o.');
  const accessToken = await confirmViaApi(request, owner);
  const invited = employerEmail('invited');
  const invitation = await request.post(`${apiURL}/api/${tenant}/v1/users`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name: 'Rita Rekruterka', email: invited },
  });
  expect(invitation.status()).toBe(201);

  await page.goto(await mailedEmployerLink(request, invited, 'employer.invite'));
  const intro = page.getByTestId('invitation-intro');
  await expect(intro).toContainText('Zapraszająca Sp. z o.o.');
  await expect(intro).toContainText(invited);
  await expect(intro).toContainText('rekrutera');
  await shot(page, 'security-invitation');
  await page.locator('#confirm-password').fill('rita chose 4 words');
  await page.locator('#confirm-password-confirmation').fill('rita chose 4 words');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('employer-panel')).toBeVisible();

  await page.goto('/employer/invitation?token=spent-or-unknown');
  await expect(page.getByTestId('invitation-invalid')).toBeVisible();
});
