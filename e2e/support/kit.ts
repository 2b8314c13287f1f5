import type { Locator, Page } from 'playwright-core';

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

/**
 * The placeholders on the field kit's page that do not fit their box: an empty input's, and an empty select's
 * (its placeholder option). Measured with the element's own font on a canvas against its content box (a
 * select's padding holds its arrow), as a phone shows them: a placeholder cut to "検査…" loses what it asks for.
 */
export async function clippedPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const clipped: string[] = [];
    const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[placeholder], select.f-select-empty');
    for (const el of Array.from(fields)) {
      if (el.offsetParent === null || el.value !== '') continue;
      const text = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : el.placeholder;
      const style = getComputedStyle(el);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (text && ctx.measureText(text).width > room + 0.5) clipped.push(text);
    }
    return clipped;
  });
}
