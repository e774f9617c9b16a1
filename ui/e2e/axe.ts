// One axe-core gate for every accessibility spec: WCAG 2.1 A and AA rules, run once the page's
// animations have ended (a dialog fading in has half-blended colours, which axe reads as low
// contrast: the CI run of session 14 failed on the exit dialog that way).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until every finite CSS animation and transition of the document has finished (a spinner's
 *  endless one is left running). */
export async function pageAnimationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** Runs axe on the page; fails with one readable line per violation and node. */
export async function expectNoViolations(page: Page, what: string): Promise<void> {
  await pageAnimationsFinished(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`),
  );
  if (lines.length > 0) {
    await test.info().attach(`axe ${what}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  }
  expect(lines, `axe violations on ${what}`).toEqual([]);
}
