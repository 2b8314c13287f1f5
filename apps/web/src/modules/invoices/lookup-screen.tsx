import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import { CloudUploadOutlined, EyeOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  displayInvoiceNumber,
  INVOICE_STATUSES,
  invoiceVoidBody,
  type Invoice,
  type InvoiceAllowance,
  type InvoiceItem,
  type InvoiceStatus,
} from '@gasops/shared';
import { formatDateTime, groupTodayIso } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, moneyColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter, type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { useMoney } from '../../components/format';
import { FormModal } from '../../components/form-modal';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { AllowanceModal } from './allowance-modal';
import { useInvoiceAllowances, useInvoiceChecks, useInvoiceCodes, useInvoices, useResendUpload, useVoidInvoice } from './hooks';
import { IssueInvoiceModal } from './issue-form';
import { InvoiceDate, StatusTag, UploadState, UploadTag, usePeriodText, useStatusLabels } from './parts';
import { PrintProofButton } from './proof';

/**
 * InvoiceLookup: the issued invoices (newest first) with their status, buyer, total and upload state;
 * details with the proof's code contents, voiding with a reason until the filing deadline, printing
 * the proof, and issuing an invoice by hand.
 */
export function InvoiceLookupScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const labels = useStatusLabels();
  const [storeId, setStoreId] = useState<number>();
  const [status, setStatus] = useState<InvoiceStatus>();
  const [range, setRange] = useState<Partial<Range>>({});
  const [keyword, setKeyword] = useState<string>();
  const [detail, setDetail] = useState<Invoice | null>(null);
  const [voiding, setVoiding] = useState<Invoice | null>(null);
  const [allowing, setAllowing] = useState<Invoice | null>(null);
  const [issuing, setIssuing] = useState(false);
  const list = useInvoices({ storeId, status, keyword, from: range.from, to: range.to });
  const mayVoid = canDo(me, 'InvoiceLookup', 'edit');
  const resend = useResendUpload();
  const today = groupTodayIso();

  const columns: DataTableColumn<Invoice>[] = [
    {
      title: t('invoices.ui.field.number'),
      dataIndex: 'number',
      render: (v: string, r) => (
        <a onClick={() => setDetail(r)} data-testid={`invoice-row-${v}`}>
          {displayInvoiceNumber(v)}
        </a>
      ),
    },
    {
      title: t('invoices.ui.field.status'),
      dataIndex: 'status',
      render: (v: InvoiceStatus) => <StatusTag status={v} />,
      exportLabels: labels.status,
    },
    { title: t('invoices.ui.field.date'), dataIndex: 'date', render: (v: string) => <InvoiceDate date={v} /> },
    { title: t('invoices.ui.field.buyerName'), dataIndex: 'buyerName', render: (v: string | null) => v ?? '—' },
    { title: t('invoices.ui.field.buyerUbn'), dataIndex: 'buyerUbn', render: (v: string | null) => v ?? '—' },
    moneyColumn(money, t('invoices.ui.field.total'), 'totalAmount'),
    { title: t('invoices.ui.field.supplier'), dataIndex: 'storeName' },
    {
      // The source: an order's number, or a monthly bill's month.
      title: t('invoices.ui.field.order'),
      dataIndex: 'orderNo',
      render: (v: string | null, r) => v ?? (r.billPeriod ? `${t('invoices.ui.field.bill')} ${r.billPeriod}` : '—'),
      exportValue: (r) => r.orderNo ?? (r.billPeriod ? `${t('invoices.ui.field.bill')} ${r.billPeriod}` : null),
    },
    {
      title: t('invoices.ui.field.upload'),
      dataIndex: 'uploadStatus',
      render: (_v: Invoice['uploadStatus'], r) => <UploadState invoice={r} today={today} />,
      exportLabels: labels.upload,
    },
    actionsColumn(t('common.actions'), (r) => {
      const closed = today > r.voidDeadline;
      return (
        <Space size={4}>
          <Tooltip title={t('invoices.ui.detail')}>
            <Button size="small" icon={<EyeOutlined />} aria-label={t('invoices.ui.detail')} onClick={() => setDetail(r)} />
          </Tooltip>
          <PrintProofButton invoice={r} />
          {mayVoid && r.status === 'issued' ? (
            <Tooltip title={closed ? t('invoices.ui.voidClosed', { deadline: r.voidDeadline }) : t('invoices.ui.void')}>
              <Button
                size="small"
                danger
                icon={<StopOutlined />}
                disabled={closed}
                aria-label={t('invoices.ui.void')}
                onClick={() => setVoiding(r)}
                data-testid={`invoice-void-${r.number}`}
              />
            </Tooltip>
          ) : null}
          {mayVoid && r.uploadStatus === 'error' ? (
            <Tooltip title={t('invoices.ui.resend')}>
              <Button
                size="small"
                icon={<CloudUploadOutlined />}
                aria-label={t('invoices.ui.resend')}
                loading={resend.isPending && resend.variables === r.id}
                onClick={() =>
                  // A refusal (409: nothing refused any more) is shown by the API client's notice.
                  void resend
                    .mutateAsync(r.id)
                    .then((res) => showSuccess(res.detail))
                    .catch(() => undefined)
                }
                data-testid={`invoice-resend-${r.number}`}
              />
            </Tooltip>
          ) : null}
          {mayVoid && r.status !== 'voided' && r.allowanceAmount < r.totalAmount ? (
            <Tooltip title={t('invoices.ui.allowance')}>
              <Button
                size="small"
                icon={<RollbackOutlined />}
                aria-label={t('invoices.ui.allowance')}
                onClick={() => setAllowing(r)}
                data-testid={`invoice-allowance-${r.number}`}
              />
            </Tooltip>
          ) : null}
        </Space>
      );
    }),
  ];

  return (
    <div data-testid="invoice-lookup-screen">
      <TrackCheck />
      <PagedTable<Invoice>
        list={list}
        fileName="invoices"
        columns={columns}
        locale={{ emptyText: <Empty description={t('invoices.ui.noInvoices')} /> }}
        toolbar={
          <>
            <AddButton screen="InvoiceLookup" onClick={() => setIssuing(true)} testId="invoice-issue">
              {t('invoices.ui.issue')}
            </AddButton>
            <StoreFilter value={storeId} onChange={setStoreId} />
            <Select<InvoiceStatus>
              data-testid="invoice-filter-status"
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('invoices.ui.allStatuses')}
              value={status}
              onChange={(v) => setStatus(v ?? undefined)}
              options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) }))}
            />
            <RangeFilter value={range} onChange={setRange} label="date" testId="invoice-filter-dates" />
            <SearchBox placeholder={t('invoices.ui.searchInvoice')} onSearch={setKeyword} testId="invoice-search" width={260} />
          </>
        }
      />
      {detail ? <InvoiceDrawer invoice={detail} onClose={() => setDetail(null)} /> : null}
      {voiding ? <VoidModal invoice={voiding} onClose={() => setVoiding(null)} /> : null}
      {allowing ? <AllowanceModal invoice={allowing} onClose={() => setAllowing(null)} /> : null}
      {issuing ? <IssueInvoiceModal onClose={() => setIssuing(false)} /> : null}
    </div>
  );
}

/** Void with a reason (≤ 20 characters); the number stays used. */
function VoidModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const voidInvoice = useVoidInvoice();
  const rules = zodRules(invoiceVoidBody);
  return (
    <FormModal<{ reason: string }, { detail: string }>
      open
      form={form}
      title={t('invoices.ui.voidTitle', { number: displayInvoiceNumber(invoice.number) })}
      okText={t('invoices.ui.void')}
      okDanger
      okTestId="void-submit"
      formTestId="void-form"
      intro={<Alert type="warning" showIcon title={t('invoices.ui.voidNote')} style={{ marginBottom: 12 }} />}
      initialValues={{ reason: '' }}
      onSubmit={({ reason }) => voidInvoice.mutateAsync({ id: invoice.id, reason })}
      success={(res) => res.detail}
      onClose={onClose}
    >
      <Form.Item name="reason" label={t('invoices.ui.field.voidReason')} rules={rules('reason')} required>
        <Input maxLength={20} showCount data-testid="void-reason" />
      </Form.Item>
    </FormModal>
  );
}

/** An invoice's details: seller, buyer, carrier or donation, lines, amounts, and the proof's code contents. */
function InvoiceDrawer({ invoice: i, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const periodText = usePeriodText();
  const codes = useInvoiceCodes(i.id);
  const delivery = i.npoban
    ? `${t('invoices.ui.delivery.donation')} · ${i.npoban}`
    : i.carrierType
      ? `${t(`invoices.ui.carrier.${i.carrierType}`)} · ${i.carrierId ?? ''}`
      : t('invoices.ui.delivery.print');
  const itemColumns = [
    { title: t('invoices.ui.field.description'), dataIndex: 'description' },
    { title: t('invoices.ui.field.quantity'), dataIndex: 'quantity', align: 'right' as const },
    { title: t('invoices.ui.field.unitPrice'), dataIndex: 'unitPrice', align: 'right' as const, render: (v: number) => money.format(v) },
    { title: t('invoices.ui.field.amount'), dataIndex: 'amount', align: 'right' as const, render: (v: number) => money.format(v) },
  ];
  return (
    <Drawer
      open
      size={Math.min(640, window.innerWidth)}
      title={t('invoices.ui.detailTitle', { number: displayInvoiceNumber(i.number) })}
      extra={<PrintProofButton invoice={i} />}
      onClose={onClose}
      data-testid="invoice-detail"
    >
      {i.status === 'voided' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('invoices.ui.voided', { reason: i.voidReason ?? '' })}
          description={formatDateTime(i.voidedAt)}
        />
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('invoices.ui.field.status')}>
          <StatusTag status={i.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.period')}>{periodText(i)}</Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.date')}>
          <InvoiceDate date={i.date} />
        </Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.issuedAt')}>{formatDateTime(i.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.supplier')}>
          {i.storeName} · {i.sellerName} ({i.sellerUbn})
        </Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.buyerName')}>
          {i.buyerUbn ? `${i.buyerName ?? ''} (${i.buyerUbn})` : (i.buyerName ?? t('invoices.ui.buyer.consumer'))}
        </Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.delivery')}>
          <span data-testid="invoice-detail-delivery">{delivery}</span>
        </Descriptions.Item>
        {i.orderNo ? <Descriptions.Item label={t('invoices.ui.field.order')}>{i.orderNo}</Descriptions.Item> : null}
        {i.billPeriod ? (
          <Descriptions.Item label={t('invoices.ui.field.bill')}>
            <span data-testid="invoice-detail-bill">{i.billPeriod}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('invoices.ui.field.randomCode')}>{i.randomCode}</Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.sales')}>{money.format(i.salesAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.tax')}>{money.format(i.taxAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.total')}>
          <Typography.Text strong>{money.format(i.totalAmount)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.upload')}>
          <UploadState invoice={i} today={groupTodayIso()} />
        </Descriptions.Item>
        <Descriptions.Item label={t('invoices.ui.field.voidDeadline')}>{i.voidDeadline}</Descriptions.Item>
        {i.allowanceAmount > 0 ? (
          <Descriptions.Item label={t('invoices.ui.allowanceTotal')}>
            <span data-testid="invoice-detail-allowed">{money.format(i.allowanceAmount)}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('invoices.ui.field.items')}
      </Typography.Title>
      <Table<InvoiceItem>
        size="small"
        rowKey={(_, idx) => String(idx)}
        pagination={false}
        dataSource={i.items}
        columns={itemColumns}
        scroll={{ x: 'max-content' }}
      />
      <Allowances invoice={i} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('invoices.ui.codes')}
      </Typography.Title>
      {codes.data ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('invoices.ui.field.code39')}>
            <Typography.Text code copyable data-testid="invoice-code39">
              {codes.data.code39}
            </Typography.Text>
          </Descriptions.Item>
          {codes.data.qrLeft ? (
            <>
              <Descriptions.Item label={t('invoices.ui.field.qrLeft')}>
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {codes.data.qrLeft}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('invoices.ui.field.qrRight')}>
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {codes.data.qrRight}
                </Typography.Text>
              </Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item label={t('invoices.ui.field.qrLeft')}>
              <Typography.Text type="secondary">{t('invoices.ui.noQr')}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : null}
    </Drawer>
  );
}

/** An invoice's allowances (折讓): number, date, reason, amounts and the state of each G0401. */
function Allowances({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useInvoiceAllowances(invoice.id);
  if (invoice.status === 'voided') return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('invoices.ui.allowances')}
      </Typography.Title>
      <Table<InvoiceAllowance>
        size="small"
        rowKey="id"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('invoices.ui.noAllowances') }}
        scroll={{ x: 'max-content' }}
        data-testid="invoice-allowances"
        columns={[
          { title: t('invoices.ui.allowanceNumber'), dataIndex: 'number' },
          { title: t('invoices.ui.field.date'), dataIndex: 'date' },
          { title: t('invoices.ui.allowanceReason'), dataIndex: 'reason' },
          { title: t('invoices.ui.field.tax'), dataIndex: 'taxAmount', align: 'right', render: (v: number) => money.format(v) },
          { title: t('invoices.ui.field.total'), dataIndex: 'totalAmount', align: 'right', render: (v: number) => money.format(v) },
          {
            title: t('invoices.ui.field.upload'),
            dataIndex: 'uploadState',
            render: (_v, a) => <AllowanceUpload allowance={a} />,
          },
        ]}
      />
    </>
  );
}

/** The upload state of an allowance's G0401 in the invoice's words: pending, processing, good or error, and its deadline. */
function AllowanceUpload({ allowance: a }: { allowance: InvoiceAllowance }) {
  const { t } = useTranslation();
  const status =
    a.uploadState === 'G'
      ? 'good'
      : a.uploadState === 'E'
        ? 'error'
        : a.uploadState && a.uploadState !== 'queued'
          ? 'processing'
          : 'pending';
  return (
    <Space size={4} wrap>
      <UploadTag status={status} />
      {status === 'good' ? null : (
        <Typography.Text type="secondary">{t('invoices.upload.deadline', { date: a.uploadDeadline })}</Typography.Text>
      )}
      {a.uploadError ? <Typography.Text type="danger">{t('invoices.upload.failedWith', { error: a.uploadError })}</Typography.Text> : null}
    </Space>
  );
}

/**
 * The daily check of the tracks' numbers (every number from a track's start to its last used one
 * issued exactly once): a quiet line when all is well, a warning listing each gap or duplicate.
 */
function TrackCheck() {
  const { t } = useTranslation();
  const check = useInvoiceChecks().data;
  if (!check) return null;
  const when = check.checkedAt
    ? t('invoices.upload.check.checkedAt', { at: formatDateTime(check.checkedAt) })
    : t('invoices.upload.check.notYet');
  if (check.problems.length === 0)
    return (
      <Typography.Paragraph type="secondary" data-testid="invoice-check">
        {t('invoices.upload.check.title')}: {check.checkedAt ? t('invoices.upload.check.none') : ''} {when}
      </Typography.Paragraph>
    );
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="invoice-check"
      title={`${t('invoices.upload.check.title')} · ${when}`}
      description={check.problems.map((p) => (
        <div key={`${p.trackId}-${p.kind}-${p.number}`}>
          {t(`invoices.upload.check.${p.kind}`, { number: displayInvoiceNumber(p.number) })}
        </div>
      ))}
    />
  );
}
