import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';
import type { Money } from './format';

/** Column builders for DataTable: the row actions, moments, counts, money and weights (shown formatted, exported as numbers). */

/** The last column of a list: the row's buttons, never exported. */
export function actionsColumn<T>(
  title: string,
  render: (row: T) => ReactNode,
  props: Partial<DataTableColumn<T>> = {},
): DataTableColumn<T> {
  return { title, key: 'actions', noExport: true, render: (_: unknown, row: T) => render(row), ...props };
}

type StringKey<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string;

/** A moment (ISO 8601) shown and exported by `format` (formatDateTime, formatDateTimeSeconds of app/dates). */
export function momentColumn<T>(format: (iso: string | null) => string, title: string, dataIndex: StringKey<T>): DataTableColumn<T> {
  // Exported as a date-time cell on the group's clock (xlsx) or ISO 8601 text (csv), not as display text.
  return { title, dataIndex, render: (v: string | null) => format(v), exportKind: 'moment' };
}

type NumberKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** An amount in minor units, right-aligned; exported as a number in major units with the currency format, or as the formatted `text`. */
export function moneyColumn<T>(
  money: Money,
  title: string,
  dataIndex: NumberKey<T>,
  exportAs: 'major' | 'text' = 'major',
): DataTableColumn<T> {
  return {
    title,
    dataIndex,
    align: 'right',
    render: (v: number) => money.format(v),
    // A number in major units with the currency's number format: summable in a spreadsheet.
    ...(exportAs === 'text' ? { exportValue: (row: T) => money.format(row[dataIndex] as number) } : { exportKind: 'money' as const }),
  };
}

/** A count or another plain number, right-aligned (`props`: a `render` that marks some values, …). */
export function numberColumn<T>(title: string, dataIndex: NumberKey<T>, props: Partial<DataTableColumn<T>> = {}): DataTableColumn<T> {
  return { title, dataIndex, align: 'right', ...props };
}

/** A weight in grams, right-aligned as kg; exported in kg. */
export function kgColumn<T>(kg: (grams: number) => string, title: string, dataIndex: NumberKey<T>): DataTableColumn<T> {
  return {
    title,
    dataIndex,
    align: 'right',
    render: (v: number) => kg(v),
    exportKind: 'kg',
  };
}
