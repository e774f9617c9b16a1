// Feature flags the configuration sends: each changes what it names. The IT board (127.0.0.1) has
// listCounter, sorting, toggleableMap, expiredOffers, offerLanguages and countAllBoardsOffers on;
// the work board has toggleableMap and offerLanguages off. Flag-off cases of the others are unit tests
// (src/lib/flags.test.ts and next to each use).
import { test, expect, apiURL, tenant, onHost, quietPopups, shot } from './fixtures';

test('flags-01-it-board-counter-sorting-all-boards-count', async ({ page }) => {
  const count = async (path: string) => ((await (await page.request.get(`${apiURL}/api/${tenant}${path}`)).json()) as { count: number }).count;
  // countAllBoardsOffers: the homepage counts every board.
  await page.goto('/');
  const allBoards = await count('/v2/user-panel/offers/all-boards/count');
  expect(allBoards).toBeGreaterThan(await count('/v2/user-panel/offers/count'));
  await expect(page.getByTestId('offers-count')).toHaveText(new RegExp(`^${allBoards.toLocaleString('fi-FI').replace(/\s/g, '\\s')}\\s.*wszystkich naszych serwisach`), { useInnerText: true });
  // listCounter: the heading leads with the number; sorting: the sort menu.
  await page.goto('/krakow');
  await expect(page.getByTestId('count-heading')).toHaveText(/^\d[\d\s]* ofert\S*: Kraków$/, { useInnerText: true });
  await expect(page.getByTestId('sort-menu')).toBeVisible();
});

test('flags-02-toggleable-map-column', async ({ page }) => {
  await page.goto('/krakow');
  const toggle = page.getByTestId('map-column-toggle');
  const map = page.getByTestId('map-panel').locator('.offers-map-panel__map');
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  const narrow = (await page.locator('.list-page__results').boundingBox())!.width;
  await expect(toggle).toHaveText('Ukryj mapę');
  await toggle.click();
  await expect(map).toBeHidden();
  await expect(toggle).toHaveText(/Pokaż mapę/);
  await expect.poll(async () => (await page.locator('.list-page__results').boundingBox())!.width, { message: 'the list takes the room' }).toBeGreaterThan(narrow + 200);
  await shot(page, 'flags-02-map-hidden');
  // Remembered (httpOnly cookie, read by the server render: no flash of the map).
  await page.reload();
  await expect(page.getByTestId('map-column-toggle')).toHaveText(/Pokaż mapę/);
  await expect(map).toBeHidden();
  await page.getByTestId('map-column-toggle').click();
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('map-column-toggle')).toHaveText('Ukryj mapę');
});

test('flags-03-offer-languages-and-expired-offers', async ({ page }) => {
  // offerLanguages on (IT): an offer asking for languages lists them.
  const offers = (await (await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?perPage=30`)).json()).data as { slug: string }[];
  let withLanguages: string | null = null;
  for (const offer of offers) {
    const detail = await (await page.request.get(`${apiURL}/api/${tenant}/v1/offers/${offer.slug}`)).json();
    if (detail.languages.length) {
      withLanguages = offer.slug;
      break;
    }
  }
  expect(withLanguages, 'an offer with languages').not.toBeNull();
  await page.goto(`/job-offer/${withLanguages}`);
  await expect(page.getByRole('heading', { name: 'Języki' })).toBeVisible();

  // expiredOffers on (IT): an expired offer says so and hides location and salary.
  await page.goto('/job-offer/ignis-studio-spring-boot-developer-warszawa-c');
  await expect(page.getByTestId('expired-alert')).toBeVisible();
  await expect(page.getByTestId('offer-salary')).toHaveCount(0);

  // offerLanguages and toggleableMap off (work board).
  await quietPopups(page, ['work.localhost']);
  await page.goto(onHost('work.localhost', '/job-offer/kotwica-group-technik-farmaceutyczny-k-m-lubawka-0'));
  await expect(page.getByTestId('offer-title')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Języki' })).toHaveCount(0);
  await page.goto(onHost('work.localhost', '/krakow'));
  await expect(page.getByTestId('map-panel')).toBeAttached();
  await expect(page.getByTestId('map-column-toggle')).toHaveCount(0);
});
