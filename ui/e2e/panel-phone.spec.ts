// The employer panel on a phone (issue 23, item 12): the side menu used to stack about 450 px of
// navigation above every page, and the offers and applications tables made the page scroll
// sideways (825 and 879 px wide on a 390 px screen). Now a compact bar above the content, and
// tables that become cards below the md breakpoint.
import { test, expect, horizontalOverflow, shot } from './fixtures';
import { employerEmail, employerSession, EMPLOYER_PASSWORD } from './employer';
import { employerWithOffer } from './panel';
import { apiURL, tenant } from './env';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('panel-03-the-panel-on-a-phone-has-a-compact-menu-and-card-tables', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = employerEmail('panel-phone');
  const title = `Plover Kotlin Developer ${Date.now().toString(36)}`;
  const { slug } = await employerWithOffer(request, email, 'Plover Software', title);
  const applied = await request.post(`${apiURL}/api/${tenant}/v1/offers/${slug}/applications`, {
    multipart: { name: 'Grace Hopper', email: `grace-${Date.now().toString(36)}@example.com`, message: 'I would like to join the team.' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await employerSession(page, email, EMPLOYER_PASSWORD, '/employer/offers');

  for (const [path, table] of [
    ['/employer/offers', 'offers-table'],
    [`/employer/applications?offer=${encodeURIComponent(slug)}`, 'applications-table'],
    ['/employer/users', 'users-table'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(table)).toBeVisible();
    expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    // The menu above the page is a compact bar (it was about 450 px of stacked links), and the
    // page's own heading is on the first screen under the site's header and that bar.
    const side = await page.locator('.employer-panel__side').boundingBox();
    expect(side!.height, `${path}: the menu above the content is compact`).toBeLessThanOrEqual(110);
    const heading = await page.locator('.employer-panel__content h1').first().boundingBox();
    expect(heading, `${path} has a heading`).not.toBeNull();
    expect(heading!.y, `${path}: the heading is on the first screen`).toBeLessThan(400);
    // Every cell of a row says what it is (the column's name), as the header row is not shown.
    const firstRow = page.getByTestId(table).locator('tbody tr').first();
    const box = await firstRow.boundingBox();
    expect(box!.width, `${path}: a row is a card as wide as the screen`).toBeLessThanOrEqual(390);
    await shot(page, `panel-03-${table}`);
  }

  // The menu still reaches every page: it scrolls sideways inside itself.
  await page.goto('/employer/offers');
  const nav = page.getByTestId('employer-nav');
  await nav.locator('[data-nav="applications"]').click();
  await expect(page).toHaveURL(/\/employer\/applications/);
  await expect(nav.locator('[data-nav="applications"]')).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[data-nav="applications"]')).toBeInViewport();
});
