import { useState, type ReactNode } from 'react';
import { Alert, Button, Radio, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALES, translate, type ImportBody, type ImportReport } from '@gasops/shared';
import { showSuccess } from '../app/feedback';
import { readSheet } from './read-sheet';
import { StoreSelect, useDefaultStoreId } from './selects';

export type ImportSheetProps<F extends string> = {
  /** The module's import fields (the server's `<M>_IMPORT_FIELDS`), in the order the picker lists them. */
  fields: readonly F[];
  /**
   * Where the fields' labels are: a field's label key is `<labelPrefix>.<field>` (`customers.field.name`).
   * A column titled with a field's key or its label in any language maps to it.
   */
  labelPrefix: string;
  /** Fields that must be mapped before a check (e.g. the customer's name). */
  required: readonly F[];
  /** Labels for the report's field names that are not import fields (e.g. a body field named otherwise). */
  errorFieldLabel?: Record<string, string>;
  /** A column of the mapped sheet shown next to each refused row (the row's number or name). */
  keyField?: F;
  /** The module's import mutation (`POST /<m>/import`). */
  importer: UseMutationResult<ImportReport, Error, ImportBody>;
  /** The success message key (`{{count}}` imported). */
  doneKey: string;
  /** Called after a real import added rows (the modal closes). */
  onDone?: () => void;
  /** Text above the file picker. */
  intro?: ReactNode;
  /** What the file must look like, next to the file picker until a file is read. */
  hint?: ReactNode;
};

/**
 * Import from xlsx / csv, for every module that imports (a shop moving from another system, a maker's
 * delivery list): pick the store and the file, map the columns, check every row on the server (the
 * per-row report), then import all rows only when all are valid, or just the valid ones.
 */
export function ImportSheet<F extends string>(props: ImportSheetProps<F>) {
  const { fields, labelPrefix, required, keyField, importer } = props;
  const fieldLabel = (field: F) => `${labelPrefix}.${field}`;
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const [storeId, setStoreId] = useState<number | undefined>(defaultStoreId);
  const [sheet, setSheet] = useState<string[][] | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [mapping, setMapping] = useState<(F | undefined)[]>([]);
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const labelOf = (field: string) => {
    const key = (fields as readonly string[]).includes(field) ? fieldLabel(field as F) : props.errorFieldLabel?.[field];
    return key ? t(key) : field;
  };
  /** A heading that names a field (its key or its label in any language) maps to it. */
  const guess = (header: string): F | undefined => {
    const h = header.trim().toLowerCase();
    return fields.find((f) => f.toLowerCase() === h || LOCALES.some((l) => translate(l, fieldLabel(f)).toLowerCase() === h));
  };
  const rows = () =>
    (sheet ?? []).slice(1).map((cells) => {
      const r: Partial<Record<F, string | null>> = {};
      mapping.forEach((f, i) => {
        if (f) r[f] = cells[i]?.trim() ? cells[i]!.trim() : null;
      });
      return r as Record<string, string | null>;
    });
  const reset = () => {
    setSheet(null);
    setFileName(null);
    setMapping([]);
    setReport(null);
    setProblem(null);
  };
  const run = (dryRun: boolean) =>
    importer.mutate(
      { storeId, rows: rows(), mode, dryRun },
      {
        onSuccess: (r) => {
          setReport(r);
          if (!dryRun && r.imported > 0) {
            showSuccess(t(props.doneKey, { count: r.imported }));
            reset();
            props.onDone?.();
          }
        },
      },
    );
  /** The cell of a data row (1 = the first row after the titles, as the report counts) in a mapped column. */
  const cellOf = (row: number, field: F) => {
    const i = mapping.indexOf(field);
    return i < 0 ? '' : (sheet?.[row]?.[i] ?? '');
  };
  const headers = sheet?.[0] ?? [];
  const missing = required.filter((f) => !mapping.includes(f));

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-sheet">
      {props.intro ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {props.intro}
        </Typography.Paragraph>
      ) : null}
      <Space wrap>
        <StoreSelect value={storeId} onChange={setStoreId} data-testid="import-store" />
        <Upload
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            reset();
            readSheet(file)
              .then((data) => {
                if (data.length < 2) {
                  setProblem(t('customers.import.emptyFile'));
                  return;
                }
                setSheet(data);
                setFileName(file.name);
                setMapping((data[0] ?? []).map(guess));
              })
              .catch(() => setProblem(t('feedback.validation.invalid')));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="import-file">
            {t('customers.import.chooseFile')}
          </Button>
        </Upload>
        {fileName ? (
          <Typography.Text>{t('cylinders.import.file', { name: fileName, count: (sheet?.length ?? 1) - 1 })}</Typography.Text>
        ) : props.hint ? (
          <Typography.Text type="secondary">{props.hint}</Typography.Text>
        ) : null}
      </Space>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {sheet ? (
        <Table
          size="small"
          pagination={false}
          rowKey="index"
          scroll={{ x: 'max-content' }}
          dataSource={headers.map((h, index) => ({ index, h, sample: sheet[1]?.[index] ?? '' }))}
          columns={[
            { title: t('customers.import.column'), dataIndex: 'h' },
            { title: '', dataIndex: 'sample', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
            {
              title: t('customers.import.field'),
              key: 'field',
              render: (_: unknown, r: { index: number }) => (
                <Select
                  style={{ width: 220 }}
                  value={mapping[r.index] ?? ''}
                  data-testid={`import-map-${r.index}`}
                  onChange={(v) => {
                    const next = [...mapping];
                    next[r.index] = (v || undefined) as F | undefined;
                    setMapping(next);
                    setReport(null);
                  }}
                  options={[
                    { value: '', label: t('customers.import.ignore') },
                    ...fields.map((f) => ({ value: f, label: t(fieldLabel(f)) })),
                  ]}
                />
              ),
            },
          ]}
        />
      ) : null}
      {sheet && missing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('cylinders.import.mapRequired', { fields: missing.map((f) => t(fieldLabel(f))).join('、') })}
        />
      ) : null}
      <Space wrap>
        <Button
          onClick={() => run(true)}
          disabled={!sheet || missing.length > 0 || !storeId}
          loading={importer.isPending}
          data-testid="import-check"
        >
          {t('customers.import.check')}
        </Button>
        <Button
          type="primary"
          onClick={() => run(false)}
          disabled={!report || report.valid === 0 || (mode === 'all' && report.invalid > 0)}
          loading={importer.isPending}
          data-testid="import-run"
        >
          {t('customers.import.run')}
        </Button>
      </Space>
      {report ? (
        <div data-testid="import-report">
          <Space style={{ marginBottom: 8 }} wrap>
            <Tag color="green">{t('customers.import.valid', { count: report.valid })}</Tag>
            <Tag color={report.invalid ? 'red' : 'default'}>{t('customers.import.invalid', { count: report.invalid })}</Tag>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'all' | 'valid')}>
              <Radio value="all">{t('customers.import.modeAll')}</Radio>
              <Radio value="valid" data-testid="import-mode-valid">
                {t('customers.import.modeValid')}
              </Radio>
            </Radio.Group>
          </Space>
          {report.invalid > 0 && mode === 'all' ? (
            <Alert type="warning" showIcon title={t('customers.import.allMustBeValid')} style={{ marginBottom: 8 }} />
          ) : null}
          <Table
            size="small"
            rowKey="row"
            pagination={{ pageSize: 10 }}
            dataSource={report.rows.filter((r) => !r.ok)}
            locale={{ emptyText: t('cylinders.import.allValid') }}
            columns={[
              // The report counts data rows from 1; the spreadsheet shows the titles as row 1.
              { title: t('customers.import.row'), dataIndex: 'row', width: 80, render: (v: number) => v + 1 },
              ...(keyField
                ? [{ title: labelOf(keyField), key: 'key', render: (_: unknown, r: { row: number }) => cellOf(r.row, keyField) }]
                : []),
              {
                title: t('customers.import.errors'),
                dataIndex: 'errors',
                render: (e: Record<string, string>) =>
                  Object.entries(e).map(([f, m]) => (
                    <div key={f}>
                      <b>{labelOf(f)}</b>: {m}
                    </div>
                  )),
              },
            ]}
          />
        </div>
      ) : null}
    </Space>
  );
}
