import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Space, Table, type TableColumnType, type TableProps } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEFAULTS, EXPORT_TYPES, type CellValue, type ExportColumn, type ExportType } from '@gasops/shared';
import { showSuccess } from '../app/feedback';
import { exportTable, type ExportOptions } from './export-table';
import type { PagedList } from './paged-query';

export type DataTableColumn<T> = TableColumnType<T> & {
  /** The cell in exported files; by default the value at `dataIndex`. */
  exportValue?: (row: T, index: number) => CellValue;
  /** The header in exported files when `title` is not plain text. */
  exportTitle?: string;
  /** Leaves the column out of exports (action buttons, images). */
  noExport?: boolean;
};

type ServerPaging = {
  page: number;
  pageSize: number;
  total: number;
  /** The server counted only up to `total` (large lists): shown as "at least". */
  totalIsLowerBound?: boolean;
  onChange: (page: number, pageSize: number) => void;
  pageSizeOptions?: number[];
};

type DataTableExport<T> = Omit<ExportOptions, 'onStart'> & {
  /** Every row to export (e.g. all pages from the server); by default the rows on screen. */
  fetchRows?: () => Promise<readonly T[]>;
  /** The formats offered; the first is the main button's. */
  types?: readonly ExportType[];
};

export type DataTableProps<T> = Omit<TableProps<T>, 'columns' | 'pagination' | 'title'> & {
  columns: DataTableColumn<T>[];
  /** Server paging; `false` for none; omitted: antd paging over `dataSource`. */
  paging?: ServerPaging | false;
  /** Left side of the toolbar: filters, add button. */
  toolbar?: ReactNode;
  /** Shows the export button; `true` uses the seed §7 defaults. */
  exportable?: boolean | DataTableExport<T>;
};

const TYPE_LABELS: Record<ExportType, string> = {
  xls: 'Excel 2003 XML (.xls)',
  xlsx: 'Excel (.xlsx)',
  csv: 'CSV (.csv)',
  html: 'HTML (.html)',
};

function readPath(record: unknown, path: TableColumnType<unknown>['dataIndex']): unknown {
  if (path === undefined || path === null) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  let value: unknown = record;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key as string | number];
  }
  return value;
}

function asCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  return String(value);
}

/** The export columns of a table: plain-text titles, `exportValue` or the `dataIndex` value. */
function exportColumnsOf<T>(columns: readonly DataTableColumn<T>[]): ExportColumn<T>[] {
  return columns
    .filter((c) => !c.noExport && (c.exportValue || c.dataIndex !== undefined))
    .map((c) => ({
      title:
        c.exportTitle ??
        (typeof c.title === 'string' || typeof c.title === 'number' ? String(c.title) : String(c.key ?? c.dataIndex ?? '')),
      value: c.exportValue ?? ((row: T) => asCell(readPath(row, c.dataIndex))),
    }));
}

function ExportButton<T>({ columns, rows, config }: { columns: DataTableColumn<T>[]; rows: readonly T[]; config: DataTableExport<T> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const types =
    config.types && config.types.length > 0
      ? config.types
      : [EXPORT_DEFAULTS.type, ...EXPORT_TYPES.filter((x) => x !== EXPORT_DEFAULTS.type)];
  const mainType = types[0] ?? EXPORT_DEFAULTS.type;
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const run = async (type: ExportType) => {
    setBusy(true);
    try {
      const data = config.fetchRows ? await config.fetchRows() : rows;
      await exportTable(exportColumnsOf(columns), data, {
        ...config,
        type,
        lang: config.lang ?? i18n.language,
        onFinish: (result) => {
          if (result.count === 0) void message.info(t('common.exportNothing'));
          else showSuccess(t('common.exportDone', { count: result.count }));
          config.onFinish?.(result);
        },
      });
    } catch {
      // fetchRows failures were shown by the API client; a failed build has nothing more to say.
    } finally {
      setBusy(false);
    }
  };

  // Seed §7: a 500 ms debounce, so a double click exports once.
  const click = (type: ExportType) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void run(type);
    }, EXPORT_DEFAULTS.debounceMs);
  };

  return (
    <Space.Compact>
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => click(mainType)}
        data-testid="export-button"
        title={TYPE_LABELS[mainType]}
      >
        {t('common.export')}
      </Button>
      {types.length > 1 ? (
        <Dropdown
          trigger={['click']}
          disabled={busy}
          menu={{
            items: types.map((type) => ({ key: type, label: <span data-testid={`export-type-${type}`}>{TYPE_LABELS[type]}</span> })),
            onClick: ({ key }) => click(key as ExportType),
          }}
        >
          <Button icon={<DownOutlined />} aria-label={t('common.exportFormat')} data-testid="export-format" />
        </Dropdown>
      ) : null}
    </Space.Compact>
  );
}

/** antd Table with server paging, a toolbar and the export button every list has (seed §1, §7). */
export function DataTable<T extends object>({ columns, paging, toolbar, exportable, dataSource, scroll, ...rest }: DataTableProps<T>) {
  const { t } = useTranslation();
  const rows = dataSource ?? [];
  const exportConfig: DataTableExport<T> | null = exportable === true ? {} : exportable ? exportable : null;
  const pagination: TableProps<T>['pagination'] =
    paging === false
      ? false
      : paging
        ? {
            current: paging.page,
            pageSize: paging.pageSize,
            // One more than counted keeps the next page reachable past the server's count cap.
            total: paging.totalIsLowerBound ? paging.total + 1 : paging.total,
            showSizeChanger: true,
            pageSizeOptions: paging.pageSizeOptions ?? [10, 20, 50, 100],
            showTotal: (total) =>
              paging.totalIsLowerBound ? t('common.totalAtLeast', { total: paging.total }) : t('common.total', { total }),
            onChange: paging.onChange,
          }
        : { showTotal: (total) => t('common.total', { total }) };

  return (
    <div data-testid="data-table">
      {toolbar || exportConfig ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 12 }}>
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>{toolbar}</div>
          {exportConfig ? <ExportButton columns={columns} rows={rows} config={exportConfig} /> : null}
        </div>
      ) : null}
      <Table<T> columns={columns} dataSource={rows} pagination={pagination} scroll={scroll ?? { x: 'max-content' }} {...rest} />
    </div>
  );
}

/** A DataTable over a server-paged list (`usePagedQuery`): its rows, paging and loading state, and an export of every page. */
export function PagedTable<T extends object>({
  list,
  fileName,
  rowKey = 'id',
  ...rest
}: Omit<DataTableProps<T>, 'dataSource' | 'paging' | 'loading' | 'exportable'> & { list: PagedList<T>; fileName?: string }) {
  return (
    <DataTable<T>
      rowKey={rowKey}
      loading={list.loading}
      dataSource={list.rows}
      paging={list.paging}
      exportable={{ fetchRows: list.fetchAll, fileName }}
      {...rest}
    />
  );
}
