import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyMinorDigits, formatMoneyMinor } from '@gasops/shared';
import { useMe } from '../app/session';

/**
 * Money and weights as the API keeps them: amounts in integer minor units of a currency, weights in
 * integer grams. Both are shown in the active language.
 */

/**
 * Money in the active language, in the group's currency (from the session) or `currencyOverride`
 * (an answer's own currency). `format` and `major` also take a row's currency.
 */
export function useMoney(currencyOverride?: string) {
  const { i18n } = useTranslation();
  const me = useMe();
  const currency = currencyOverride ?? me?.currency ?? 'TWD';
  const locale = i18n.language;
  return useMemo(() => {
    const digits = currencyMinorDigits(currency);
    return {
      currency,
      digits,
      /** Minor units as a number in major units (charts, exported cells). */
      major: (minor: number, inCurrency = currency) => minor / 10 ** currencyMinorDigits(inCurrency),
      format: (minor: number | null | undefined, inCurrency = currency) =>
        minor == null ? '' : formatMoneyMinor(minor, inCurrency, locale),
    };
  }, [currency, locale]);
}

export type Money = ReturnType<typeof useMoney>;

/**
 * Grams as kilograms in the active language: up to 3 decimals, or exactly `digits` decimals
 * (the IoT screens show residual gas as 3.00).
 */
export function useKg() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const upToGram = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    return (grams: number | null | undefined, digits?: number) => {
      if (grams == null) return '';
      const fmt =
        digits === undefined ? upToGram : new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      return fmt.format(grams / 1000);
    };
  }, [locale]);
}

/** A meter reading kept in thousandths of a m³, as m³ with three decimals (100000 → "100.000"). */
export const formatMeter = (thousandths: number | null | undefined): string => (thousandths == null ? '' : (thousandths / 1000).toFixed(3));
