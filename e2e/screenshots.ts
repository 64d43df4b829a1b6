import type { Page } from '@playwright/test';

/**
 * Screenshots for a person to look at, when SHOTS names a folder: the page at 1366×768 and 768×1024
 * (`{prefix}-{name}-{width}.png`), then back at the size it had.
 */
export const shootBothSizes = async (page: Page, prefix: string, name: string): Promise<void> => {
  const folder = process.env.SHOTS;
  if (!folder) return;
  const size = page.viewportSize();
  for (const [width, height] of [
    [1366, 768],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Let the layout settle (media queries, transitions) before the picture.
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${folder}/${prefix}-${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
};
