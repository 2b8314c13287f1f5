import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Grid, Space, Table, Typography, type TableColumnType, type TableProps } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currencyMinorDigits, EXPORT_DEFAULTS, EXPORT_TYPES, exportFileName, type ExportType, type TypedCellContext } from '@gasops/shared';
import { storeScopeHeaders, type QueryValue } from '../app/api';
import { showError, showSuccess } from '../app/feedback';
import { useMe } from '../app/session';
// The file making (export-table.ts: the typed model, xlsx/xls/csv/html, the server's stream) loads with the first export.
import type { ExportFields, ExportOptions, StreamProgress } from './export-table';
import type { PagedList } from './paged-query';

/** An antd column, with what its cells are in exported files (export-table.ts `ExportFields`). */
export type DataTableColumn<T> = TableColumnType<T> & ExportFields<T>;

type ServerPaging = {
  page: number;
  pageSize: number;
  total: number;
  /** The server counted only up to `total` (large lists): shown as "at least". */
  totalIsLowerBound?: boolean;
  onChange: (page: number, pageSize: number) => void;
  pageSizeOptions?: number[];
};

/** A server list that streams every row as xlsx or csv (`?format=`, apps/server/src/platform/export.ts). */
export type ServerExport = { path: string; query: Record<string, QueryValue> };

type DataTableExport<T> = Omit<ExportOptions, 'onStart' | 'model'> & {
  /** Every row to export (e.g. all pages from the server); by default the rows on screen. */
  fetchRows?: () => Promise<readonly T[]>;
  /** xlsx and csv of every row come from this list route as a stream, with progress. */
  server?: ServerExport;
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

type ExportFiles = typeof import('./export-table');

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function ExportButton<T>({ columns, rows, config }: { columns: DataTableColumn<T>[]; rows: readonly T[]; config: DataTableExport<T> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const me = useMe();
  const types =
    config.types && config.types.length > 0
      ? config.types
      : [EXPORT_DEFAULTS.type, ...EXPORT_TYPES.filter((x) => x !== EXPORT_DEFAULTS.type)];
  const mainType = types[0] ?? EXPORT_DEFAULTS.type;
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<StreamProgress | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const currency = me?.currency ?? 'TWD';
  const ctx: TypedCellContext = {
    currency,
    currencyDigits: currencyMinorDigits(currency),
    timeZone: me?.timeZone ?? 'Asia/Taipei',
    yes: t('common.yes'),
    no: t('common.no'),
  };

  const finished = (count: number | null, fileName: string | null) => {
    if (count === 0) void message.info(t('common.exportNothing'));
    else if (count === null) showSuccess(t('common.exportSaved', { fileName }));
    else showSuccess(t('common.exportDone', { count }));
  };

  /** Every row from the server as a stream: the button stays busy and shows the progress until the file is saved. */
  const runServer = async (files: ExportFiles, server: ServerExport, type: 'xlsx' | 'csv') => {
    const fileName = exportFileName(config.fileName, type);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(server.query)) {
      if (value === undefined || value === null || value === '' || key === 'page' || key === 'pageSize') continue;
      if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
      else params.append(key, String(value));
    }
    params.set('format', type);
    params.set('fileName', fileName);
    if (config.worksheet) params.set('worksheet', config.worksheet);
    params.set('yes', ctx.yes ?? '');
    params.set('no', ctx.no ?? '');
    params.set('columns', JSON.stringify(files.serverColumnsOf(columns, rows)));
    setProgress({ bytes: 0, rows: type === 'csv' ? 0 : null });
    const done = await files.downloadStream(`/api${server.path}?${params.toString()}`, fileName, {
      locale: i18n.language,
      csv: type === 'csv',
      headers: storeScopeHeaders(),
      onProgress: setProgress,
    });
    finished(done.rows, fileName);
    config.onFinish?.({ type, count: done.rows ?? -1, fileName });
  };

  const run = async (type: ExportType) => {
    try {
      const files = await import('./export-table');
      if (config.server && (type === 'xlsx' || type === 'csv')) return await runServer(files, config.server, type);
      const data = config.fetchRows ? await config.fetchRows() : rows;
      await files.exportTable([], data, {
        ...config,
        model: files.exportModelOf(columns, data, ctx),
        type,
        lang: config.lang ?? i18n.language,
        onFinish: (result) => {
          finished(result.count, result.fileName);
          config.onFinish?.(result);
        },
      });
    } catch (err) {
      // fetchRows failures were shown by the API client; a streamed export's failure is shown here.
      if (config.server && err instanceof Error && err.name !== 'ApiError') showError(err.message);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  // Seed §7: a 500 ms debounce, so a double click exports once; the button is busy from the first click.
  const click = (type: ExportType) => {
    setBusy(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void run(type);
    }, EXPORT_DEFAULTS.debounceMs);
  };

  return (
    <Space>
      {progress ? (
        <Typography.Text type="secondary" data-testid="export-progress" aria-live="polite">
          {progress.rows !== null
            ? t('common.exportProgressRows', { count: progress.rows, size: sizeText(progress.bytes) })
            : t('common.exportProgress', { size: sizeText(progress.bytes) })}
        </Typography.Text>
      ) : null}
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
    </Space>
  );
}

/**
 * The columns as a screen of this width shows them (issue 11): no column is fixed on the right, so
 * the row's buttons never cover or hide data (a wide list scrolls them into view at its end); on a
 * phone the first, identifying column (name, order number) stays on the left while the rest scrolls.
 */
export function layoutColumns<T>(columns: readonly DataTableColumn<T>[], phone: boolean): DataTableColumn<T>[] {
  return columns.map((c, i) => {
    const { fixed, ...rest } = c;
    if (phone && i === 0 && c.key !== 'actions') return { ...rest, fixed: 'left', width: c.width ?? 132, ellipsis: c.ellipsis ?? true };
    return fixed === 'right' || fixed === true ? rest : c;
  });
}

/** antd Table with server paging, a toolbar and the export button every list has (seed §1, §7). */
export function DataTable<T extends object>({ columns, paging, toolbar, exportable, dataSource, scroll, ...rest }: DataTableProps<T>) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
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
        <div data-testid="table-toolbar" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 12 }}>
          {/* The filters take the room their controls need (no zero basis), so when they and the export button do not
              fit on one line the button wraps below them instead of being laid over them (a phone, long words). */}
          <div style={{ flex: '1 1 auto', minWidth: 0, maxWidth: '100%', display: 'flex', flexWrap: 'wrap', gap: 8 }}>{toolbar}</div>
          {exportConfig ? (
            <div style={{ marginLeft: 'auto' }}>
              <ExportButton columns={columns} rows={rows} config={exportConfig} />
            </div>
          ) : null}
        </div>
      ) : null}
      <Table<T>
        columns={layoutColumns(columns, phone)}
        dataSource={rows}
        pagination={pagination}
        scroll={scroll ?? { x: 'max-content' }}
        {...rest}
        rowSelection={rest.rowSelection && phone ? { ...rest.rowSelection, fixed: 'left' } : rest.rowSelection}
      />
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
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <DataTable<T>
      rowKey={rowKey}
      loading={list.loading}
      dataSource={list.rows}
      paging={list.paging}
      exportable={{
        fetchRows: () => list.fetchAll((count) => void message.warning(t('common.exportCapped', { count }), 8)),
        server: { path: list.path, query: list.filters },
        fileName,
      }}
      {...rest}
    />
  );
}

/**
 * A small table of rows already at hand (a detail's tab, a document's lines, what was just entered): as
 * wide as its columns, paged only when there are more rows than `pageSize` (without it, never). With
 * `wrap`, its cells wrap to fit its place (a card beside others, free text) as a plain table's do, and it
 * scrolls only when even wrapped it is wider than its place (a phone), instead of widening the page.
 */
export function SmallTable<T extends object>({
  rows,
  pageSize,
  wrap = false,
  ...rest
}: Omit<TableProps<T>, 'dataSource' | 'pagination' | 'size' | 'scroll'> & { rows: readonly T[]; pageSize?: number; wrap?: boolean }) {
  return (
    <Table<T>
      size="small"
      dataSource={rows}
      pagination={pageSize !== undefined && rows.length > pageSize ? { pageSize } : false}
      scroll={{ x: wrap ? true : 'max-content' }}
      {...rest}
    />
  );
}
