import type { Locator } from 'playwright-core';

/**
 * Chooses an option of one of the field kit's selects (modules/field/ui.tsx `Select`: the phone's own picker, a
 * native <select>, its data-testid on the element itself) by a part of its text, once the options are there (a
 * store list still loading). The pages without antd use it where an antd page took `pick` (support/antd.ts).
 */
export async function chooseOption(select: Locator, text: string | RegExp) {
  const option = select.locator('option:not([value=""])').filter({ hasText: text }).first();
  const value = await option.getAttribute('value');
  if (value === null) throw new Error(`chooseOption: the option ${String(text)} has no value`);
  await select.selectOption(value);
}
