import { useState } from 'react';
import { Alert, Button, Modal, Radio, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, LOCALES, translate, type ImportField, type ImportReport } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { readSheet } from '../../components/read-sheet';
import { StoreSelect } from '../../components/selects';
import { useImportCustomers } from './hooks';

const FIELD_LABEL: Record<ImportField, string> = {
  name: 'customers.field.name',
  type: 'customers.field.type',
  phone: 'customers.field.phone',
  address: 'customers.field.address',
  unifiedNumber: 'customers.field.unifiedNumber',
  remark1: 'customers.field.remark1',
  remark2: 'customers.field.remark2',
  gasPrice: 'customers.field.gasPrice',
  meterNumber: 'customers.field.meterNumber',
  latitude: 'customers.field.latitude',
  longitude: 'customers.field.longitude',
  category: 'customers.field.category',
};

/** A heading that names a field (its key or its label in any language) maps to it. */
function guess(header: string): ImportField | undefined {
  const h = header.trim().toLowerCase();
  return IMPORT_FIELDS.find((f) => f.toLowerCase() === h || LOCALES.some((l) => translate(l, FIELD_LABEL[f]).toLowerCase() === h));
}

/**
 * Customer import from xlsx / csv (a shop moving from another system): map the columns, check every
 * row on the server, then import all rows only when all are valid, or just the valid ones.
 */
export function ImportCustomersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [storeId, setStoreId] = useState<number | undefined>(me?.defaultStoreId ?? me?.stores[0]?.id);
  const [sheet, setSheet] = useState<string[][] | null>(null);
  const [mapping, setMapping] = useState<(ImportField | undefined)[]>([]);
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const rows = () =>
    (sheet ?? []).slice(1).map((cells) => {
      const r: Partial<Record<ImportField, string | null>> = {};
      mapping.forEach((f, i) => {
        if (f) r[f] = cells[i]?.trim() ? cells[i]!.trim() : null;
      });
      return r;
    });
  const importer = useImportCustomers();
  const run = (dryRun: boolean) =>
    importer.mutate(
      { storeId, rows: rows(), mode, dryRun },
      {
        onSuccess: (r) => {
          setReport(r);
          if (!dryRun && r.imported > 0) {
            showSuccess(t('customers.import.done', { count: r.imported }));
            reset();
            onClose();
          }
        },
      },
    );
  const reset = () => {
    setSheet(null);
    setMapping([]);
    setReport(null);
    setProblem(null);
  };
  const headers = sheet?.[0] ?? [];
  const hasName = mapping.includes('name');

  return (
    <Modal
      open={open}
      title={t('customers.import.title')}
      width={860}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={
        <Space>
          <Button
            onClick={() => run(true)}
            disabled={!sheet || !hasName || !storeId}
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
      }
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
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
          <Typography.Text type="secondary">{t('customers.import.fileHint')}</Typography.Text>
        </Space>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
        {sheet ? (
          <Table
            size="small"
            pagination={false}
            rowKey="index"
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
                      next[r.index] = (v || undefined) as ImportField | undefined;
                      setMapping(next);
                      setReport(null);
                    }}
                    options={[
                      { value: '', label: t('customers.import.ignore') },
                      ...IMPORT_FIELDS.map((f) => ({ value: f, label: t(FIELD_LABEL[f]) })),
                    ]}
                  />
                ),
              },
            ]}
          />
        ) : null}
        {sheet && !hasName ? <Alert type="warning" showIcon message={t('customers.import.nameRequired')} /> : null}
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
              <Alert type="warning" showIcon message={t('customers.import.allMustBeValid')} style={{ marginBottom: 8 }} />
            ) : null}
            <Table
              size="small"
              rowKey="row"
              pagination={{ pageSize: 10 }}
              dataSource={report.rows.filter((r) => !r.ok)}
              columns={[
                { title: t('customers.import.row'), dataIndex: 'row', width: 80, render: (v: number) => v + 1 },
                {
                  title: t('customers.import.errors'),
                  dataIndex: 'errors',
                  render: (e: Record<string, string>) =>
                    Object.entries(e).map(([f, m]) => (
                      <div key={f}>
                        <b>{FIELD_LABEL[f as ImportField] ? t(FIELD_LABEL[f as ImportField]) : f}</b>: {m}
                      </div>
                    )),
                },
              ]}
            />
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
