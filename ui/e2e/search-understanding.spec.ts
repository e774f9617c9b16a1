// Search that understands what people type (issue 13): place, workplace and seniority words show
// as chips that turn into real filters, and a query that finds nothing offers "did you mean".
import { test, expect, leadingNumber, shot } from './fixtures';

test('understanding-01-place-and-mode-words-become-filters-on-a-click', async ({ page }) => {
  await page.goto('/all-locations?keyword=java%20warsaw');
  const heading = page.getByTestId('count-heading');
  const before = leadingNumber(await heading.innerText());
  const chips = page.getByTestId('query-chips');
  await expect(chips, 'the city in the query is offered as a filter').toBeVisible();
  const warsaw = chips.locator('[data-query-chip="city=warszawa"]');
  await expect(warsaw).toContainText('Warszawa');
  await shot(page, 'understanding-01-chips');
  await warsaw.click();
  await expect(page).toHaveURL(/\/warszawa\?/);
  await expect(heading, 'the list is now filtered by the city').toHaveText(/Warszawa/, { useInnerText: true });
  const after = leadingNumber(await heading.innerText());
  expect(after, 'a real filter: fewer offers than the boost alone').toBeLessThan(before);
  await expect(page.locator('[data-query-chip="city=warszawa"]'), 'an applied chip is not offered again').toHaveCount(0);

  // A workplace word: the chip adds the remote filter (counted on the more-filters button).
  await page.goto('/all-locations?keyword=java%20zdalnie');
  const remote = page.locator('[data-query-chip="workplaceType=remote"]');
  await expect(remote).toBeVisible();
  await remote.click();
  await expect(page.locator('[data-query-chip="workplaceType=remote"]')).toHaveCount(0);
  await expect(page.getByTestId('open-more-filters'), 'the filter is applied').toContainText('1');
  await shot(page, 'understanding-01-remote-applied');
});

test('understanding-02-zero-results-offer-did-you-mean', async ({ page }) => {
  await page.goto('/all-locations?keyword=pyhtonn');
  await expect(page.getByTestId('no-offers')).toBeVisible();
  const suggestion = page.getByTestId('did-you-mean');
  await expect(suggestion).toBeVisible();
  await expect(suggestion.getByRole('link')).toHaveText('python');
  const promised = leadingNumber((await suggestion.innerText()).split('(')[1] ?? '');
  expect(promised).toBeGreaterThan(0);
  await shot(page, 'understanding-02-did-you-mean');
  await suggestion.getByRole('link').click();
  await expect(page).toHaveURL(/keyword=python/);
  await expect(page.getByTestId('no-offers')).toHaveCount(0);
  expect(leadingNumber(await page.getByTestId('count-heading').innerText()), 'the count it promised').toBe(promised);
});

test('understanding-03-opening-an-offer-reports-its-list-position', async ({ page }) => {
  await page.goto('/all-locations?keyword=java');
  const second = page.locator('[data-row-index="1"] a[href^="/job-offer/"]').first();
  await expect(second).toBeVisible();
  const reported = page.waitForRequest((request) => request.url().endsWith('/v1/search-clicks') && request.method() === 'POST');
  await second.click();
  const request = await reported;
  expect(request.postDataJSON(), 'the position opened, nothing else').toEqual({ position: 2 });
  await expect(page).toHaveURL(/\/job-offer\//);
});

test('understanding-04-salary-and-contract-words-become-filters-on-a-click', async ({ page }) => {
  // Issue 28: "15k b2b" typed into the keyword box offers the salary and contract filters.
  await page.goto('/all-locations?keyword=java%2015k%20b2b');
  const heading = page.getByTestId('count-heading');
  const before = leadingNumber(await heading.innerText());
  const chips = page.getByTestId('query-chips');
  await expect(chips, 'the salary and the contract in the query are offered as filters').toBeVisible();
  const salary = chips.locator('[data-query-chip="salaryMin=15000"]');
  const contract = chips.locator('[data-query-chip="employmentTypes=b2b"]');
  await expect(salary).toContainText(/15[\s,\u00a0]000 PLN/);
  await expect(contract).toContainText('B2B');
  await shot(page, 'understanding-04-salary-contract-chips');
  await salary.click();
  await expect(page, 'the salary filter is in the address (its board-localised name)').toHaveURL(/(salary|zarobki)=15000/);
  await expect(page.locator('[data-query-chip="salaryMin=15000"]'), 'an applied chip is not offered again').toHaveCount(0);
  const afterSalary = leadingNumber(await heading.innerText());
  expect(afterSalary, 'a real filter: no more offers than the query alone').toBeLessThanOrEqual(before);
  await page.locator('[data-query-chip="employmentTypes=b2b"]').click();
  await expect(page.locator('[data-query-chip="employmentTypes=b2b"]')).toHaveCount(0);
  await expect(page.getByTestId('open-more-filters'), 'both filters are applied').toContainText('2');
  await shot(page, 'understanding-04-applied');
});
