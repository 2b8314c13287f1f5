// Money in integer minor units and a group's currency (stores.ts re-exports these): no zod here, so a
// page that only shows amounts (the field app, issue 13) does not load zod.

/** How many minor-unit digits a currency has (TWD 2, JPY 0, MYR 2). */
export function currencyMinorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Formats integer minor units as money in the given language, e.g. 3600 TWD → "$36.00" / "NT$36.00". */
export function formatMoneyMinor(minor: number, currency: string, locale: string): string {
  const digits = currencyMinorDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return major.toFixed(digits);
  }
}

/** Major units typed in a form → integer minor units (rounded half away from zero). */
export function toMinorUnits(major: number, currency: string): number {
  const factor = 10 ** currencyMinorDigits(currency);
  return Math.round(major * factor);
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyMinorDigits(currency);
}
