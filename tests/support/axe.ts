// axe-core (WCAG 2.0/2.1/2.2 A and AA) on a page at rest, shared by the accessibility journeys.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './app.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with a readable summary when axe finds any violation on the page as it is now. */
export async function expectNoViolations(page: Page): Promise<void> {
  // Let entrance transitions settle: axe reads computed colours, and a half-faded element would
  // be reported with a contrast it never has at rest.
  await settleAnimations(page);
  // react-aria's live announcer keeps each toast's announcement (a role=img labelled by the
  // toast) for 7 s, after the toast itself has gone: the page is at rest once they are cleared.
  await expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}
