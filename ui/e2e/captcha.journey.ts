// The board's captcha (issue 9: "a verifier trait, off by default, with a configured verifier for
// real deployments"). Not part of the default run: scripts/test runs it against an API of its own
// started with `[accounts.captcha]` pointing at the stand-in provider this file serves on
// E2E_CAPTCHA_STUB (its widget script and its siteverify endpoint):
//   E2E_CAPTCHA_STUB=18097 npx playwright test
// The widget is a button that yields the token 'human-token'; siteverify accepts only that one.
import { createServer, type Server } from 'node:http';
import { test, expect, shot } from './fixtures';
import { externalOffers, formOffers, uniqueEmail } from './candidate';

const PORT = Number(process.env.E2E_CAPTCHA_STUB);
const TOKEN = 'human-token';
const WIDGET = `window.turnstile = {
  render(element, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.testid = 'stub-captcha';
    button.textContent = 'I am human (' + options.sitekey + ')';
    button.onclick = () => { button.textContent = 'Verified'; options.callback('${TOKEN}'); };
    element.appendChild(button);
    return 'stub-' + Math.random();
  },
  reset() {},
  remove() {},
};`;

// One provider per run: both journeys in one worker.
test.describe.configure({ mode: 'serial' });

let provider: Server;
const verified: string[] = [];

test.beforeAll(async () => {
  provider = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET);
      return;
    }
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      verified.push(token);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: token === TOKEN }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

test('captcha-01-an-application-needs-the-widgets-token', async ({ page, request }) => {
  const [offer] = await formOffers(request, 1);
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  await page.getByTestId('apply').click();
  await page.locator('#apply-name').fill('Ada Lovelace');
  await page.locator('#apply-email').fill(uniqueEmail('captcha'));
  await page.locator('#apply-message').fill('Notes on the Analytical Engine attached in spirit.');
  const widget = page.getByTestId('stub-captcha');
  await expect(widget).toBeVisible();
  // Not solved: the form says so and sends nothing.
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-captcha-error')).toBeVisible();
  expect(verified).toHaveLength(0);
  await shot(page, 'captcha-01-unsolved');
  await widget.click();
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-success')).toBeVisible();
  expect(verified).toContain(TOKEN);
});

test('captcha-02-the-external-apply-box-carries-a-token-too', async ({ page, request }) => {
  const [offer] = await externalOffers(request, 1);
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  const box = page.getByTestId('apply-box');
  await box.getByTestId('stub-captcha').click();
  const tracked = page.waitForResponse((response) => response.url().includes('/track-redirects'));
  const popup = page.waitForEvent('popup');
  await box.getByTestId('apply').click();
  expect((await tracked).status()).toBe(200);
  await (await popup).close();
  // A token is good for one write: the box offers a fresh challenge.
  await expect(box.getByTestId('stub-captcha')).toHaveText(/I am human/);
});
