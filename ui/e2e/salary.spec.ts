// The salary filter as the spec's slider: board bounds, step 500 snapping down, the minimum first,
// thousands separated by a space; the count sends salaryMin/salaryMax only with a minimum above 0.
import { test, expect, MOBILE, shot, type Page } from './fixtures';

/** The salary parameters of the last offers-count call. */
function lastCount(page: Page) {
  let last: URLSearchParams | null = null;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v2/user-panel/offers/count')) last = url.searchParams;
  });
  return () => {
    const params = last as URLSearchParams | null;
    return params ? { salaryMin: params.get('salaryMin'), salaryMax: params.get('salaryMax') } : null;
  };
}

test('salary-01-slider-keyboard-text-and-count', async ({ page }) => {
  const count = lastCount(page);
  await page.goto('/krakow#more-filters');
  const dialog = page.getByTestId('more-filters-dialog');
  const minThumb = dialog.getByRole('slider', { name: 'Wynagrodzenie od' });
  const maxThumb = dialog.getByRole('slider', { name: 'Wynagrodzenie do' });
  const minText = page.getByTestId('salary-min');
  const maxText = page.getByTestId('salary-max');
  // The board's bounds (IT: 0 to 100 000, step 500); untouched, nothing is sent.
  await expect(minThumb).toHaveAttribute('min', '0');
  await expect(minThumb).toHaveAttribute('max', '100000');
  await expect(minThumb).toHaveAttribute('step', '500');
  await expect(minThumb).toHaveAttribute('aria-valuetext', 'bez minimum');
  await expect(page.locator('[data-testid=more-filters-submit][data-count]:not([aria-busy])')).toBeVisible();
  expect(count()).toEqual({ salaryMin: null, salaryMax: null });

  // Keyboard: four steps right on the minimum thumb.
  await minThumb.focus();
  for (let index = 0; index < 4; index += 1) await minThumb.press('ArrowRight');
  await expect(minText).toHaveValue('2 000');
  await expect(minThumb).toHaveAttribute('aria-valuetext', '2 000 PLN / mies.');
  // The count sends both, the maximum defaulting to the board's bound.
  await expect.poll(count).toEqual({ salaryMin: '2000', salaryMax: '100000' });

  // Typed values snap down to the step and show thousands apart.
  await maxText.fill('12345');
  await maxText.press('Enter');
  await expect(maxText).toHaveValue('12 000');
  await expect.poll(count).toEqual({ salaryMin: '2000', salaryMax: '12000' });
  // A minimum above the maximum: the minimum comes first.
  await minText.fill('30 250');
  await minText.press('Tab');
  await expect(minText).toHaveValue('12 000');
  await expect(maxText).toHaveValue('30 000');
  // Values beyond the bounds clamp (the top means no maximum).
  await maxText.fill('250000');
  await maxText.press('Enter');
  await expect(maxText).toHaveValue('');
  await expect(maxThumb).toHaveAttribute('aria-valuetext', 'bez maksimum');
  await maxThumb.focus();
  await maxThumb.press('End');
  await maxThumb.press('PageDown');
  await expect(maxText).not.toHaveValue('');
  const max = await maxText.inputValue();
  await shot(page, 'salary-01-dialog');

  await page.getByTestId('more-filters-submit').click();
  await expect(page).toHaveURL((url) => url.searchParams.get('zarobki') === `12000,${max.replace(/\s/g, '')}`);
  await expect(page.locator('[data-chip^="salary"]')).toBeVisible();
});

test('salary-02-no-minimum-no-salary-in-the-count', async ({ page }) => {
  const count = lastCount(page);
  await page.goto('/krakow#more-filters');
  const maxText = page.getByTestId('salary-max');
  await maxText.fill('20000');
  await maxText.press('Enter');
  await expect(maxText).toHaveValue('20 000');
  // Only a maximum: the count (and the address) carry no salary (spec: sent only when min > 0).
  await expect(page.locator('[data-testid=more-filters-submit][data-count]:not([aria-busy])')).toBeVisible();
  await page.waitForTimeout(700);
  expect(count()).toEqual({ salaryMin: null, salaryMax: null });
  // Unchanged filters close the dialog without a navigation: a router call to the same address
  // raced the router's history sync and once wrote the hash back.
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['rsc'] || new URL(request.url()).searchParams.has('_rsc')) navigations.push(request.url());
  });
  await page.getByTestId('more-filters-submit').click();
  await expect(page.getByTestId('more-filters-dialog')).toBeHidden();
  await expect(page).toHaveURL((url) => !url.hash && !url.searchParams.has('zarobki'));
  await page.waitForTimeout(500);
  await expect(page).toHaveURL((url) => !url.hash);
  expect(navigations).toEqual([]);
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('salary-03-slider-mobile', async ({ page }) => {
    await page.goto('/krakow?zarobki=10000,20000#more-filters');
    const dialog = page.getByTestId('more-filters-dialog');
    await expect(page.getByTestId('salary-min')).toHaveValue('10 000');
    const slider = await dialog.locator('.salary-range__slider').boundingBox();
    expect(slider?.width ?? 0).toBeGreaterThan(250);
    await shot(page, 'salary-03-mobile');
  });
});
