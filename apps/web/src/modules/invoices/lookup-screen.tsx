import { useState } from 'react';
import { Alert, Button, Empty, Select, Space, Tooltip, Typography } from 'antd';
import { CloudUploadOutlined, EyeOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { displayInvoiceNumber, INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '@gasops/shared';
import { formatDateTime, groupTodayIso } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, moneyColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter, type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { useMoney } from '../../components/format';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useInvoiceChecks, useInvoices, useResendUpload } from './hooks';
import { InvoiceDate, StatusTag, UploadState, useStatusLabels } from './parts';
import { PrintProofButton } from './proof';

/** An invoice's details, a drawer loaded with its first opening. */
const InvoiceDrawer = lazyDialog(
  () => import('./invoice-drawer'),
  (m) => m.InvoiceDrawer,
);
const VoidModal = lazyDialog(
  () => import('./void-modal'),
  (m) => m.VoidModal,
);
const AllowanceModal = lazyDialog(
  () => import('./allowance-modal'),
  (m) => m.AllowanceModal,
);
const IssueInvoiceModal = lazyDialog(
  () => import('./issue-form'),
  (m) => m.IssueInvoiceModal,
);

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
