import { useState } from 'react';
import { Alert, Button, Radio, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CYLINDER_IMPORT_FIELDS, LOCALES, translate, type CylinderImportField, type CylinderImportReport } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { StoreSelect } from '../../components/selects';
import { useImportCylinders } from './hooks';
import { readSheet } from '../../components/read-sheet';

const FIELD_LABEL: Record<CylinderImportField, string> = {
  containerNo: 'cylinders.field.containerNo',
  labelNo: 'cylinders.field.labelNo',
  containerSpec: 'cylinders.field.containerSpec',
  sizeKg: 'cylinders.field.sizeKg',
  tareKg: 'cylinders.field.tareKg',
  material: 'cylinders.field.material',
  pressureTestDate: 'cylinders.field.pressureTestDate',
  lastInspectionDate: 'cylinders.field.lastInspectionDate',
  nextInspectionDeadline: 'cylinders.field.nextInspectionDeadline',
  inspectionAgencyCode: 'cylinders.field.inspectionAgencyCode',
  remark: 'cylinders.field.remark',
};
/** Row messages name body fields; the import's weight column is in kg. */
const ERROR_FIELD_LABEL: Record<string, string> = { ...FIELD_LABEL, tareG: 'cylinders.field.tareKg' };
const REQUIRED: readonly CylinderImportField[] = ['containerNo', 'sizeKg'];

/** A heading that names a field (its key or its label in any language) maps to it. */
function guess(header: string): CylinderImportField | undefined {
  const h = header.trim().toLowerCase();
  return CYLINDER_IMPORT_FIELDS.find((f) => f.toLowerCase() === h || LOCALES.some((l) => translate(l, FIELD_LABEL[f]).toLowerCase() === h));
}

/**
 * Cylinder import from xlsx / csv (a maker's delivery list, or another system's registry): map the
 * columns, check every row on the server (the per-row report), then import all rows only when all
 * are valid, or just the valid ones. Imported cylinders are in the chosen store, empty.
 */
export function ImportCylinders() {
  const { t } = useTranslation();
  const me = useMe();
  const [storeId, setStoreId] = useState<number | undefined>(me?.defaultStoreId ?? me?.stores[0]?.id);
  const [sheet, setSheet] = useState<string[][] | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [mapping, setMapping] = useState<(CylinderImportField | undefined)[]>([]);
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const [report, setReport] = useState<CylinderImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importer = useImportCylinders();

  const rows = () =>
    (sheet ?? []).slice(1).map((cells) => {
      const r: Partial<Record<CylinderImportField, string | null>> = {};
      mapping.forEach((f, i) => {
        if (f) r[f] = cells[i]?.trim() ? cells[i]!.trim() : null;
      });
      return r;
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
      { storeId: storeId!, rows: rows(), mode, dryRun },
      {
        onSuccess: (r) => {
          setReport(r);
          if (!dryRun && r.imported > 0) {
            showSuccess(t('cylinders.import.done', { count: r.imported }));
            reset();
          }
        },
      },
    );
  const headers = sheet?.[0] ?? [];
  const missing = REQUIRED.filter((f) => !mapping.includes(f));

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="cylinder-import">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('cylinders.import.intro')} {t('cylinders.import.hint')}
      </Typography.Paragraph>
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
                    next[r.index] = (v || undefined) as CylinderImportField | undefined;
                    setMapping(next);
                    setReport(null);
                  }}
                  options={[
                    { value: '', label: t('customers.import.ignore') },
                    ...CYLINDER_IMPORT_FIELDS.map((f) => ({ value: f, label: t(FIELD_LABEL[f]) })),
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
          title={t('cylinders.import.mapRequired', { fields: missing.map((f) => t(FIELD_LABEL[f])).join('、') })}
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
              {
                title: t('cylinders.field.containerNo'),
                key: 'no',
                render: (_: unknown, r) => sheetCell(sheet, mapping, r.row, 'containerNo'),
              },
              {
                title: t('customers.import.errors'),
                dataIndex: 'errors',
                render: (e: Record<string, string>) =>
                  Object.entries(e).map(([f, m]) => (
                    <div key={f}>
                      <b>{ERROR_FIELD_LABEL[f] ? t(ERROR_FIELD_LABEL[f]) : f}</b>: {m}
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

/** The cell of a data row (1 = the first row after the titles, as the report counts) in a mapped column. */
function sheetCell(sheet: string[][] | null, mapping: (CylinderImportField | undefined)[], row: number, field: CylinderImportField) {
  const i = mapping.indexOf(field);
  return i < 0 ? '' : (sheet?.[row]?.[i] ?? '');
}
