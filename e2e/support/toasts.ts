import type { Page } from '@playwright/test';

/**
 * The toast on screen. Matching by text alone also finds the screen reader's live-region copy,
 * and an open modal dialog hides the rest of the page from the accessibility tree (hence
 * includeHidden).
 */
export const shownToast = (page: Page) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true }).locator('li');
