import { useState } from 'react';
import { App, Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BILLED_FILTERS, POSTED_FILTERS, type BillingRow } from '@gasops/shared';
import { isApiError } from '../../app/api';
import { groupTodayIso } from '../../app/dates';
import { showError, showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { formatMeter, useMoney } from '../../components/format';
import { MeterInput } from '../../components/inputs';
import { DateInput } from '../../components/date-inputs';
import { BillInvoiceAction } from '../invoices/order-invoice-action';
import { StoreSelect } from '../../components/selects';
import { useBilling, useBillingPeriod, useGenerateBills, usePostBill, useWithdrawBill } from './hooks';
import { PaymentModal } from './payment-modal';

/**
 * Monthly billing and posting of monthly-settlement customers: pick the period (it opens on the
 * latest month with something to bill), filter billed / unbilled and posted / unposted, tick
 * customers (entering the current meter reading for meter customers) and generate their bills (a bill
 * of 0 only after a confirmation), then post each bill's payment.
 */
export function MonthlyBillingPanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useMe();
  const money = useMoney();
  const suggested = useBillingPeriod(undefined);
  const [chosen, setPeriod] = useState<string | null>(null);
  const period = chosen ?? suggested.data?.period ?? null;
  const [storeId, setStoreId] = useState<number | undefined>();
  const [billed, setBilled] = useState<(typeof BILLED_FILTERS)[number] | undefined>();
  const [posted, setPosted] = useState<(typeof POSTED_FILTERS)[number] | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [readings, setReadings] = useState<Record<number, number | null>>({});
  const [readingErrors, setReadingErrors] = useState<Record<number, string>>({});
  const [paying, setPaying] = useState<BillingRow | null>(null);
  const list = useBilling({ period, storeId, billed, posted }, !!period);
  const editable = canDo(me, 'Customer', 'edit');

  const generate = useGenerateBills();
  const withdraw = useWithdrawBill();
  const post = usePostBill();
  const generateBills = (confirmZero = false) =>
    generate.mutate(
      {
        period: period ?? '',
        billingDate: groupTodayIso(),
        confirmZero,
        customers: selected.map((customerId) => ({ customerId, currentReading: readings[customerId] ?? null })),
      },
      {
        onSuccess: (r) => {
          showSuccess(t('customers.billing.generated', { count: r.created }));
          setSelected([]);
          setReadings({});
          setReadingErrors({});
        },
        onError: (e) => {
          if (isApiError(e) && e.code === 'zeroBill') {
            // A bill of 0 is generated only when confirmed.
            modal.confirm({
              title: t('customers.zeroBill.title'),
              content: <span data-testid="billing-zero-confirm">{e.detail}</span>,
              okText: t('customers.zeroBill.ok'),
              cancelText: t('common.cancel'),
              onOk: () => generateBills(true),
            });
            return;
          }
          const next: Record<number, string> = {};
          for (const [k, msg] of Object.entries(isApiError(e) ? e.errors : {})) {
            const m = /^customers\.(\d+)\./.exec(k);
            if (m) next[selected[Number(m[1])]!] = msg;
          }
          setReadingErrors(next);
          // Not a per-row problem: show it like every other error.
          if (Object.keys(next).length === 0) showError(e.message);
        },
      },
    );

  const columns: DataTableColumn<BillingRow>[] = [
    { title: t('customers.field.name'), dataIndex: 'customerName' },
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    {
      title: t('customers.field.type'),
      dataIndex: 'type',
      render: (v: string) => t(`customers.type.${v}`),
      exportValue: (r) => t(`customers.type.${r.type}`),
    },
    { title: t('customers.billing.unbilledCount'), dataIndex: 'unbilledCount', align: 'right' },
    { title: t('customers.billing.unbilledAmount'), dataIndex: 'unbilledAmount', align: 'right', render: (v: number) => money.format(v) },
    {
      title: t('customers.bill.previousReading'),
      key: 'prev',
      render: (_, r) => formatMeter(r.billId ? r.previousReading : r.meterReading),
    },
    {
      title: t('customers.billing.currentReading'),
      key: 'reading',
      noExport: true,
      render: (_, r) =>
        r.type === 'monthly_meter' && !r.billId ? (
          <div>
            <MeterInput
              value={readings[r.customerId] ?? null}
              onChange={(v) => setReadings({ ...readings, [r.customerId]: v })}
              style={{ width: 160 }}
              data-testid={`billing-reading-${r.customerId}`}
            />
            {readingErrors[r.customerId] ? <div style={{ color: '#cf1322' }}>{readingErrors[r.customerId]}</div> : null}
          </div>
        ) : r.currentReading != null ? (
          formatMeter(r.currentReading)
        ) : (
          (readingErrors[r.customerId] ?? '')
        ),
    },
    { title: t('customers.bill.billingDate'), dataIndex: 'billingDate' },
    {
      title: t('customers.bill.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: number | null) => (v == null ? '' : money.format(v)),
    },
    {
      title: t('customers.bill.linesAmount'),
      dataIndex: 'linesAmount',
      align: 'right',
      render: (v: number | null, r) => (r.mode === 'meter' && v != null ? money.format(v) : ''),
      exportValue: (r) => (r.mode === 'meter' ? r.linesAmount : null),
    },
    {
      title: t('customers.bill.status'),
      dataIndex: 'status',
      render: (v: string | null) =>
        v ? (
          <Tag color={v === 'posted' ? 'green' : 'blue'}>{t(`customers.billStatus.${v}`)}</Tag>
        ) : (
          <Tag>{t('customers.billing.unbilled')}</Tag>
        ),
      exportValue: (r) => (r.status ? t(`customers.billStatus.${r.status}`) : t('customers.billing.unbilled')),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) =>
        r.billId && r.status === 'posted' ? (
          <BillInvoiceAction row={r} period={period ?? ''} />
        ) : r.billId && r.status === 'billed' && editable ? (
          <Space>
            <Button size="small" type="primary" onClick={() => setPaying(r)} data-testid={`billing-post-${r.customerId}`}>
              {t('customers.billing.post')}
            </Button>
            <Popconfirm
              title={t('customers.billing.confirmWithdraw')}
              onConfirm={() => withdraw.mutate(r.billId!, { onSuccess: () => showSuccess(t('feedback.success.deleted')) })}
            >
              <Button size="small" danger>
                {t('customers.billing.withdraw')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <div data-testid="monthly-billing">
      <PagedTable<BillingRow>
        list={list}
        fileName={`billing-${period ?? ''}`}
        rowKey="customerId"
        columns={columns}
        rowSelection={
          editable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (r) => ({ disabled: !!r.billId }),
              }
            : undefined
        }
        toolbar={
          <Space wrap>
            <div style={{ width: 140 }}>
              <DateInput
                picker="month"
                value={period ?? null}
                onChange={(v) => v && setPeriod(v)}
                allowClear={false}
                data-testid="billing-period"
              />
            </div>
            <StoreSelect allowClear value={storeId} onChange={setStoreId} />
            <Select
              allowClear
              placeholder={`${t('customers.billing.billed')} / ${t('customers.billing.unbilled')}`}
              style={{ width: 160 }}
              value={billed}
              onChange={setBilled}
              data-testid="billing-filter-billed"
              options={BILLED_FILTERS.map((v) => ({ value: v, label: t(`customers.billing.${v}`) }))}
            />
            <Select
              allowClear
              placeholder={`${t('customers.billing.posted')} / ${t('customers.billing.unposted')}`}
              style={{ width: 160 }}
              value={posted}
              onChange={setPosted}
              data-testid="billing-filter-posted"
              options={POSTED_FILTERS.map((v) => ({ value: v, label: t(`customers.billing.${v}`) }))}
            />
            {editable ? (
              <Button
                type="primary"
                disabled={selected.length === 0}
                loading={generate.isPending}
                onClick={() => generateBills()}
                data-testid="billing-generate"
              >
                {t('customers.billing.generate')} {selected.length ? `(${selected.length})` : ''}
              </Button>
            ) : null}
          </Space>
        }
      />
      <PaymentModal
        open={!!paying}
        title={`${t('customers.billing.postTitle')} · ${paying?.customerName ?? ''}`}
        due={paying?.amount ?? 0}
        onClose={() => setPaying(null)}
        submit={(body) => post.mutateAsync({ id: paying!.billId!, body })}
      />
    </div>
  );
}
