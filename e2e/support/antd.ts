import type { Locator, Page } from 'playwright-core';

/**
 * Waits until no antd enter/appear animation runs. A dropdown is placed next to its select only once
 * its appear motion has been prepared; a click in that moment can press an option at one place and
 * release it over the select after the dropdown moved, which selects nothing. Every step of such a
 * motion counts (rc-motion's `x-appear` alone while prepared, then `-prepare`, `-start`, `-active`): a
 * popover still scaling up in its `-start` step can take a click meant for its item as one outside it
 * and close.
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[class*="-appear"], [class*="-enter"]')).some((el) =>
        Array.from(el.classList).some((c) => /-(appear|enter)(-(prepare|start|active))?$/.test(c)),
      ),
  );
}

/** The options of the open antd Select dropdown(s). */
export const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

/**
 * Opens an antd Select, types `search` when given, and clicks the option with that text (without a
 * text: the first option that is not selected). Only the options of this very select count: its
 * combobox names its listbox, and dropdowns of other selects stay in the DOM, hidden or fading out.
 * A single select must close on the click, so a click that selected nothing fails here.
 */
export async function pick(page: Page, select: Locator, option?: string | RegExp, opts: { search?: string; exact?: boolean } = {}) {
  const root = select.first();
  await settled(page);
  await root.click();
  const { listId, multiple } = await root.evaluate((el) => ({
    listId: (el.matches('[aria-controls]') ? el : el.querySelector('[aria-controls]'))?.getAttribute('aria-controls'),
    multiple: !!el.closest('.ant-select-multiple') || !!el.querySelector('.ant-select-multiple'),
  }));
  if (!listId) throw new Error('pick: the select names no listbox (aria-controls)');
  if (opts.search) await page.keyboard.type(opts.search);
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${listId}"])`);
  const options = dropdown.locator('.ant-select-item-option');
  const item =
    option === undefined
      ? options.and(page.locator(':not(.ant-select-item-option-selected)'))
      : opts.exact && typeof option === 'string'
        ? options.filter({ has: page.getByText(option, { exact: true }) })
        : options.filter({ hasText: option });
  await item.first().waitFor();
  await settled(page);
  await item.first().click();
  if (!multiple) await dropdown.waitFor({ state: 'hidden' });
}

/**
 * Opens an antd Dropdown menu by its trigger and clicks one of its items (by data-testid), once the
 * menu's appear motion is over: the same popup placement as a Select's dropdown, and the same lost
 * click when an item is pressed while the menu still moves.
 */
export async function chooseFromMenu(page: Page, trigger: Locator, itemTestId: string) {
  await settled(page);
  await trigger.click();
  const item = page.getByTestId(itemTestId);
  await item.waitFor();
  await settled(page);
  await item.click();
}

/**
 * Waits for `message` (a validation message under a field), types the corrected value into the field and
 * waits until the message is gone: its leave motion shrinks the form, so a button below moves until then,
 * and a click in that moment can miss it.
 */
export async function correct(field: Locator, value: string, message: Locator) {
  await message.waitFor();
  await field.fill(value);
  await message.waitFor({ state: 'detached' });
}

/**
 * Waits for a form (by data-testid) to be ready for input: shown, no longer `aria-busy` (a FormModal
 * still loading what fills it) and its dialog's appear motion over.
 */
export async function formReady(page: Page, testId: string) {
  await page.locator(`[data-testid="${testId}"]:not([aria-busy])`).waitFor();
  await settled(page);
}
