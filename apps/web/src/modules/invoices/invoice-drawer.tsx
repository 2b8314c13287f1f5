import { Alert, Descriptions, Drawer, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayInvoiceNumber, type Invoice, type InvoiceAllowance, type InvoiceItem } from '@gasops/shared';
import { formatDateTime, groupTodayIso } from '../../app/dates';
import { useMoney } from '../../components/format';
import { useInvoiceAllowances, useInvoiceCodes } from './hooks';
import { InvoiceDate, StatusTag, UploadState, UploadTag, usePeriodText } from './parts';
import { PrintProofButton } from './proof';

/**
 * An invoice's details: seller, buyer, carrier or donation, lines, amounts, and the proof's code contents
 * (loaded with its first opening: lookup-screen.tsx).
 */
export function InvoiceDrawer({ invoice: i, onClose }: { invoice: Invoice; onClose: () => void }) {
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
