// Homepage, terms, theme, popups, offer page extras and SEO files (issue: homepage and leftovers).
// Screenshots: home-*.png in test-output/ (desktop 1280 and mobile 360, light and dark).

const MOBILE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };

export default async function homeJourneys({ journey, baseUrl, apiUrl, assert }) {
  const host = new URL(baseUrl).hostname;
  const cookie = (name, value) => ({ name, value, domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' });
  // Popups stay away unless a journey is about them.
  const quiet = (extra = []) => ({ storageState: { cookies: [cookie('hideSurveyPopup', 'true'), ...extra], origins: [] } });
  const config = await (await fetch(`${apiUrl}/api/it/v2/user-panel/configuration`)).json();

  await journey('home-01-carousels-and-tabs', async (page) => {
    await page.goto(`${baseUrl}/`);
    const count = await page.getByTestId('offers-count').innerText();
    assert(/^\d{1,3}(\u00a0\d{3})*\s/.test(count), `count not Finnish-formatted: '${count}'`);
    for (const id of ['category-carousel', 'newest-offers', 'story-carousel', 'partner-carousel', 'testimonial-carousel']) {
      const region = page.getByTestId(id);
      assert((await region.getAttribute('role')) === 'region', `${id} is not a region`);
      assert((await region.getAttribute('aria-label'))?.length > 0, `${id} has no label`);
    }
    // Previous/next buttons have names, start disabled at the left edge and scroll the track.
    const categories = page.getByTestId('category-carousel');
    const prev = page.getByTestId('category-carousel-prev');
    assert(await prev.isDisabled(), 'previous enabled at the start');
    assert((await prev.getAttribute('aria-label')) === 'Poprzednie', 'previous has no label');
    await page.getByTestId('category-carousel-next').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=category-carousel] ul').scrollLeft > 8);
    await page.waitForFunction(() => !document.querySelector('[data-testid=category-carousel-prev]').disabled);
    // Keyboard: the focused track scrolls with the arrow keys and Home.
    const track = categories.locator('ul').first();
    await track.focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[data-testid=category-carousel] ul').scrollLeft <= 8);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=category-carousel] ul').scrollLeft > 8);
    // Tabs: newWithSalary and popular only (no login, so no favourites / matched tabs).
    const tabs = page.getByRole('tab');
    assert((await tabs.count()) === 2, `tabs: ${await tabs.count()}`);
    assert(await page.getByTestId('panel-newWithSalary').isVisible(), 'first panel hidden');
    await page.getByTestId('tab-popular').click();
    assert(await page.getByTestId('panel-popular').isVisible(), 'popular panel not shown');
    assert(!(await page.getByTestId('panel-newWithSalary').isVisible()), 'first panel still shown');
    assert((await page.getByTestId('tab-popular').getAttribute('aria-selected')) === 'true', 'tab not selected');
    assert((await page.getByTestId('popular-offers').locator('[data-testid=offer-card]').count()) > 0, 'no popular offers');
    await page.keyboard.press('ArrowLeft');
    assert((await page.getByTestId('tab-newWithSalary').getAttribute('aria-selected')) === 'true', 'arrow key did not switch tabs');
    assert(await page.getByTestId(config.featureFlags.remoteBanner ? 'remote-banner' : 'local-banner').isVisible(), 'banner missing');
    await page.getByTestId('offer-tabs').scrollIntoViewIfNeeded();
  }, quiet());

  await journey('home-02-all-categories-dialog', async (page) => {
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('all-categories-open').click();
    const dialog = page.getByTestId('all-categories');
    await dialog.waitFor({ state: 'visible' });
    assert(new URL(page.url()).hash === '#all-categories', `hash ${page.url()}`);
    const roots = config.categories.filter((category) => category.slug !== 'it').length;
    assert((await dialog.locator('.all-categories > li').count()) === roots, 'not every category listed');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert(new URL(page.url()).hash === '', 'hash kept after closing');
    // The hash opens it directly, and a category link leads to its list.
    await page.goto(`${baseUrl}/#all-categories`);
    await dialog.waitFor({ state: 'visible' });
    const first = dialog.locator('.all-categories__main').first();
    await Promise.all([page.waitForURL((url) => url.pathname !== '/'), first.click()]);
  }, quiet());

  await journey('home-03-mobile-360', async (page) => {
    await page.goto(`${baseUrl}/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `page is ${overflow}px wider than 360`);
    await page.getByTestId('all-categories-open').click();
    const box = await page.getByTestId('all-categories').boundingBox();
    assert(box && Math.round(box.y + box.height) >= 779, 'all categories is not a bottom drawer on mobile');
  }, { ...MOBILE, ...quiet() });

  await journey('home-04-terms-page', async (page) => {
    await page.goto(`${baseUrl}/terms-and-privacy-policies`);
    await page.getByTestId('terms-page').waitFor();
    assert((await page.locator('.site-header').count()) === 0, 'header shown on the terms page');
    const now = Date.now();
    const upcoming = config.terms.filter((terms) => terms.fromDate && Date.parse(`${terms.fromDate}T00:00:00Z`) > now);
    const label = page.getByTestId('terms-effective-from');
    assert((await label.count()) === upcoming.length && upcoming.length > 0, `effective-from labels: ${await label.count()}`);
    assert(/^obowiązuje od /.test(await label.first().innerText()), `label '${await label.first().innerText()}'`);
    const hidden = config.terms.filter((terms) => terms.dueDate && Date.parse(`${terms.dueDate}T23:59:59Z`) < now);
    for (const terms of hidden) assert((await page.locator(`a[href="${terms.url}"]`).count()) === 0, `${terms.url} shown after its due date`);
    assert((await page.getByTestId('terms-users').locator('li').count()) > 0 && (await page.getByTestId('terms-clients').locator('li').count()) > 0, 'terms lists empty');
    assert((await page.getByTestId('whistleblower-report').count()) === (config.featureFlags.whistleblowerReport ? 1 : 0), 'whistleblower section does not follow its flag');
    // A terms document opens (served by the API through the /api rewrite).
    const href = await page.getByTestId('terms-users').locator('a').first().getAttribute('href');
    const document = await page.request.get(`${baseUrl}${href}`);
    assert(document.status() === 200 && (await document.text()).includes('<h1>'), `document ${href}: ${document.status()}`);
    await Promise.all([page.waitForURL(/privacy-policy$/), page.getByTestId('privacy-policy-link').click()]);
    await page.getByTestId('privacy-policy').waitFor();
    assert((await page.locator('.site-header').count()) === 0, 'header shown on the privacy policy');
  }, quiet());

  await journey('home-05-dark-theme-desktop', async (page) => {
    await page.goto(`${baseUrl}/`);
    assert((await page.locator('html').getAttribute('data-theme')) === 'light', 'dark before toggling');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.waitForFunction(() => document.cookie.includes('wakat-theme=dark'));
    const response = await page.reload();
    assert((await response.text()).includes('data-theme="dark"'), 'server did not render dark');
    assert((await page.locator('html').getAttribute('data-theme')) === 'dark', 'dark lost on reload');
    assert((await page.getByTestId('theme-toggle').getAttribute('aria-pressed')) === 'true', 'toggle not pressed');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert(background !== 'rgb(246, 247, 249)', `light background in dark mode: ${background}`);
  }, quiet());

  await journey('home-06-dark-theme-mobile', async (page) => {
    await page.goto(`${baseUrl}/`);
    assert((await page.locator('html').getAttribute('data-theme')) === 'dark', 'cookie not honoured');
    await page.getByTestId('offer-tabs').scrollIntoViewIfNeeded();
    // Back to light deletes the cookie.
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => !document.cookie.includes('wakat-theme='));
    await page.reload();
    assert((await page.locator('html').getAttribute('data-theme')) === 'light', 'still dark after switching back');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.cookie.includes('wakat-theme=dark'));
  }, { ...MOBILE, ...quiet([cookie('wakat-theme', 'dark')]) });

  await journey('home-07-survey-popup', async (page) => {
    const started = Date.now();
    await page.goto(`${baseUrl}/terms-and-privacy-policies`);
    const loaded = Date.now();
    assert((await page.getByTestId('survey-popup').count()) === 0, 'survey shown before its delay');
    await page.getByTestId('survey-popup').waitFor({ state: 'visible', timeout: 8000 });
    assert(Date.now() - loaded >= 1500, `survey appeared after ${Date.now() - loaded} ms on desktop`);
    assert((await page.getByTestId('survey-popup').getAttribute('role')) === 'dialog', 'survey is not a dialog');
    await page.getByTestId('survey-close').click();
    await page.getByTestId('survey-popup').waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.cookie.includes('hideSurveyPopup=true'));
    await page.reload();
    await page.waitForTimeout(3500);
    assert((await page.getByTestId('survey-popup').count()) === 0, 'survey shown again after dismissal');
    void started;
  }, { popups: true });

  await journey('home-08-survey-popup-mobile', async (page) => {
    await page.goto(`${baseUrl}/`);
    const loaded = Date.now();
    await page.getByTestId('survey-popup').waitFor({ state: 'visible', timeout: 4000 });
    assert(Date.now() - loaded < 2300, `survey took ${Date.now() - loaded} ms on mobile`);
  }, { ...MOBILE, popups: true });

  await journey('home-09-offer-share-and-view', async (page) => {
    const list = await (await fetch(`${apiUrl}/api/it/v2/user-panel/offers?perPage=50`)).json();
    const offer = list.data.find((item) => item.multilocation.length > 1) ?? list.data[0];
    const viewRequest = page.waitForRequest((request) => request.url().endsWith('/api/it/v1/views') && request.method() === 'POST');
    await page.goto(`${baseUrl}/job-offer/${offer.slug}`);
    const body = JSON.parse((await viewRequest).postData());
    assert(body.brand === 'it' && body.offerSlug === offer.slug && !Number.isNaN(Date.parse(body.visitedAt)), `view body ${JSON.stringify(body)}`);
    const answer = await (await viewRequest).response();
    assert(answer && answer.status() === 200, `view answered ${answer?.status()}`);
    assert((await page.locator('.site-header').count()) === 0, 'header shown on the offer page');
    if (offer.multilocation.length > 1) {
      const more = page.getByTestId('location-more');
      assert((await more.innerText()).startsWith(`+${offer.multilocation.length - 1}`), `more label '${await more.innerText()}'`);
    }
    await page.getByTestId('share-open').click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.waitFor({ state: 'visible' });
    const facebook = await page.getByTestId('share-facebook').getAttribute('href');
    const linkedin = await page.getByTestId('share-linkedin').getAttribute('href');
    assert(facebook.startsWith('https://www.facebook.com/sharer/sharer.php?u=') && facebook.includes(encodeURIComponent(`/job-offer/${offer.slug}`)), `facebook ${facebook}`);
    assert(linkedin.startsWith('https://www.linkedin.com/sharing/share-offsite/?url='), `linkedin ${linkedin}`);
    const width = (await dialog.boundingBox()).width;
    assert(width <= 460, `share dialog ${width}px wide`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const flags = config.featureFlags;
    if (flags.categoryBanner) assert((await page.getByTestId('category-banner').count()) === 1, 'no category banner');
    if (flags.remoteBanner) assert((await page.getByTestId('remote-banner').count()) === 1, 'no remote banner');
    // Opened directly (short history): back leads to the offers root.
    await Promise.all([page.waitForURL(/\/all-locations$/), page.getByTestId('back-button').click()]);
  }, quiet());

  await journey('home-10-offer-mobile-top-bar', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    const href = await page.locator('[data-testid=offer-card] a[href^="/job-offer/"]').first().getAttribute('href');
    await page.goto(`${baseUrl}${href}`);
    assert((await page.evaluate(() => history.length)) > 2, 'history too short for this journey');
    const bar = page.getByTestId('mobile-top-bar');
    assert(!(await bar.evaluate((element) => element.classList.contains('mobile-top-bar--visible'))), 'bar visible at the top');
    await page.evaluate(() => window.scrollTo(0, 168));
    await page.waitForTimeout(200);
    assert(!(await bar.evaluate((element) => element.classList.contains('mobile-top-bar--visible'))), 'bar visible at 168 px');
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => document.querySelector('[data-testid=mobile-top-bar]').classList.contains('mobile-top-bar--visible'));
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `offer page is ${overflow}px wider than 360`);
    // History holds the list page too (3 entries with the blank start page): back returns to it.
    await Promise.all([page.waitForURL(/\/all-locations/), page.getByTestId('back-button').click()]);
  }, { ...MOBILE, ...quiet() });

  await journey('home-11-sitemap-and-robots', async (page) => {
    const robots = await page.request.get(`${baseUrl}/robots.txt`);
    const robotsText = await robots.text();
    assert(robots.status() === 200 && /^User-Agent: \*/m.test(robotsText) && /^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m.test(robotsText), `robots.txt:\n${robotsText}`);
    const sitemap = await page.request.get(`${baseUrl}/sitemap.xml`);
    const xml = await sitemap.text();
    assert(sitemap.status() === 200 && /xml/.test(sitemap.headers()['content-type']), `sitemap status ${sitemap.status()}`);
    // Well-formed: parse it in the browser.
    await page.goto('about:blank');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
      const locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
      return { root: doc.documentElement.localName, ns: doc.documentElement.namespaceURI, locs };
    }, xml);
    assert(!parsed.error, `sitemap is not XML: ${parsed.error}`);
    assert(parsed.root === 'urlset' && parsed.ns === 'http://www.sitemaps.org/schemas/sitemap/0.9', `root ${parsed.root} ${parsed.ns}`);
    const paths = parsed.locs.map((loc) => new URL(loc).pathname);
    assert(paths.includes('/') && paths.includes('/krakow') && paths.includes(`/${config.categories[0].slug}`), 'home, city or category missing');
    const offers = paths.filter((path) => path.startsWith('/job-offer/'));
    const active = (await (await fetch(`${apiUrl}/api/it/v2/user-panel/offers/count`)).json()).count;
    assert(offers.length === active, `sitemap lists ${offers.length} offers, the board has ${active}`);
  });
}
