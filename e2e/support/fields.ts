import type { Page } from 'playwright-core';

/**
 * The `<input>` or `<textarea>` behind a data-testid: antd puts the test id on the control itself or on
 * a wrapper (Input.Search, Input.Password, Select), depending on the control.
 */
export const fieldOf = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], textarea[data-testid="${testId}"]`).or(page.getByTestId(testId).locator('input')).first();

/** Types into a list's search box (SearchBox, Input.Search) and runs the search. */
export async function searchList(page: Page, testId: string, value: string) {
  const input = fieldOf(page, testId);
  await input.fill(value);
  await input.press('Enter');
}
