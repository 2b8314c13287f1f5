import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';
import type { Money } from './format';

/** Column builders for DataTable: the row actions, moments, money and weights (shown formatted, exported as numbers). */

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
  return { title, dataIndex, render: (v: string | null) => format(v), exportValue: (row) => format(row[dataIndex] as string | null) };
}

type NumberKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** An amount in minor units, right-aligned; exported in major units, or as the formatted `text`. */
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
    exportValue: (row) => (exportAs === 'text' ? money.format(row[dataIndex] as number) : money.major(row[dataIndex] as number)),
  };
}

/** A weight in grams, right-aligned as kg; exported in kg. */
export function kgColumn<T>(kg: (grams: number) => string, title: string, dataIndex: NumberKey<T>): DataTableColumn<T> {
  return {
    title,
    dataIndex,
    align: 'right',
    render: (v: number) => kg(v),
    exportValue: (row) => (row[dataIndex] as number) / 1000,
  };
}
