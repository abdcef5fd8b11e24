import type { Page } from 'playwright-core';

/** Drags with the mouse like a person: press, move in steps (past dnd-kit's activation distance), release. */
export async function dragTo(page: Page, cardTestId: string, columnTestId: string) {
  const card = page.getByTestId(cardTestId);
  await card.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + 24, { steps: 4 });
  const column = page.getByTestId(columnTestId);
  await column.scrollIntoViewIfNeeded();
  const to = (await column.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(120, to.height / 2), { steps: 12 });
  await page.mouse.up();
}

/** The card of an application, looked for in one stage's column only. */
export const inColumn = (page: Page, stage: string, applicationId: number) =>
  page.getByTestId(`pipeline-column-${stage}`).getByTestId(`application-card-${applicationId}`);
