import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentBody } from '@gasops/shared';
import { api } from '../../app/api';
import { showError, showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateInput, MeterInput, MoneyInput, StoreSelect, useInvalidateSales, useMoney, usePaged } from './sales-kit';
import { canDo } from '../../app/permissions';
import { groupToday, groupTodayIso } from '../../app/dates';

type BillingRow = {
  customerId: number;
  customerName: string;
  type: 'monthly_count' | 'monthly_meter';
  storeName: string;
  meterNumber: string | null;
  meterReading: number | null;
  meterUnitPrice: number | null;
  unbilledCount: number;
  unbilledAmount: number;
  billId: number | null;
  billingDate: string | null;
  mode: 'count' | 'meter' | null;
  orderCount: number | null;
  previousReading: number | null;
  currentReading: number | null;
  amount: number | null;
  linesAmount: number | null;
  status: 'billed' | 'posted' | null;
};

const payRules = zodRules(paymentBody);

/** The payment form of an order or a bill: posting date, cash or bill, amounts, numbers. */
export function PaymentModal({ open, title, due, onClose, submit }: { open: boolean; title: string; due: number; onClose: () => void; submit: (v: Record<string, unknown>) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { fmt } = useMoney();
  const [form] = Form.useForm();
  const type = Form.useWatch('paymentType', form) as string | undefined;
  const mut = useMutation({
    mutationFn: submit,
    onSuccess: () => {
      showSuccess(t('feedback.success.saved'));
      onClose();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.validateFields().then(() => mut.mutate(form.getFieldsValue(true)), () => undefined)}
      confirmLoading={mut.isPending}
      okButtonProps={{ 'data-testid': 'payment-submit' } as ButtonProps}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (o) {
          form.resetFields();
          form.setFieldsValue({ postingDate: groupTodayIso(), paymentType: 'cash', cashAmount: Math.max(0, due), billAmount: 0 });
        }
      }}
    >
      <p data-testid="payment-due">{t('orders.payment.total', { amount: fmt(Math.max(0, due)) })}</p>
      <Form form={form} layout="vertical" data-testid="payment-form">
        <Form.Item name="postingDate" label={t('customers.payment.postingDate')} rules={payRules('postingDate')} required>
          <DateInput data-testid="payment-date" allowClear={false} />
        </Form.Item>
        <Form.Item name="paymentType" label={t('customers.payment.paymentType')} rules={payRules('paymentType')} required>
          <Select
            data-testid="payment-type"
            options={(['cash', 'bill'] as const).map((v) => ({ value: v, label: t(`customers.paymentType.${v}`) }))}
            onChange={(v) => form.setFieldsValue(v === 'cash' ? { cashAmount: Math.max(0, due), billAmount: 0 } : { cashAmount: 0, billAmount: Math.max(0, due) })}
          />
        </Form.Item>
        <Form.Item name="cashAmount" label={t('customers.payment.cashAmount')} rules={payRules('cashAmount')}>
          <MoneyInput data-testid="payment-cash" />
        </Form.Item>
        <Form.Item name="billAmount" label={t('customers.payment.billAmount')} rules={payRules('billAmount')}>
          <MoneyInput data-testid="payment-bill" />
        </Form.Item>
        {type === 'bill' ? (
          <Form.Item name="billNumber" label={t('customers.payment.billNumber')} rules={payRules('billNumber')} required>
            <Input data-testid="payment-bill-number" />
          </Form.Item>
        ) : null}
        <Form.Item name="invoiceNumber" label={t('customers.payment.invoiceNumber')} rules={payRules('invoiceNumber')}>
          <Input data-testid="payment-invoice" placeholder="AB12345678" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Monthly billing and posting of monthly-settlement customers: pick the period, filter billed /
 * unbilled and posted / unposted, tick customers (entering the current meter reading for meter
 * customers) and generate their bills, then post each bill's payment.
 */
export function MonthlyBillingPanel() {
  const { t } = useTranslation();
  const me = useMe();
  const { fmt } = useMoney();
  const invalidate = useInvalidateSales();
  const [period, setPeriod] = useState(groupToday().subtract(1, 'month').format('YYYY-MM'));
  const [storeId, setStoreId] = useState<number | undefined>();
  const [billed, setBilled] = useState<string | undefined>();
  const [posted, setPosted] = useState<string | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [readings, setReadings] = useState<Record<number, number | null>>({});
  const [readingErrors, setReadingErrors] = useState<Record<number, string>>({});
  const [paying, setPaying] = useState<BillingRow | null>(null);
  const list = usePaged<BillingRow>('/billing', { period, storeId, billed, posted });
  const editable = canDo(me, 'Customer', 'edit');

  const generate = useMutation({
    mutationFn: () =>
      api.post<{ created: number }>(
        '/billing',
        { period, billingDate: groupTodayIso(), customers: selected.map((customerId) => ({ customerId, currentReading: readings[customerId] ?? null })) },
        { silent: [400] },
      ),
    onSuccess: (r) => {
      showSuccess(t('customers.billing.generated', { count: r.created }));
      setSelected([]);
      setReadings({});
      setReadingErrors({});
      void invalidate();
    },
    onError: (e: unknown) => {
      const errs = (e as { errors?: Record<string, string>; message?: string }).errors ?? {};
      const next: Record<number, string> = {};
      for (const [k, msg] of Object.entries(errs)) {
        const m = /^customers\.(\d+)\./.exec(k);
        if (m) next[selected[Number(m[1])]!] = msg;
      }
      setReadingErrors(next);
      if (Object.keys(next).length === 0) {
        // not a per-row problem: show it like every other error
        showError((e as Error).message);
      }
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => api.delete(`/billing/${id}`),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });

  const columns: DataTableColumn<BillingRow>[] = [
    { title: t('customers.field.name'), dataIndex: 'customerName' },
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    { title: t('customers.field.type'), dataIndex: 'type', render: (v: string) => t(`customers.type.${v}`), exportValue: (r) => t(`customers.type.${r.type}`) },
    { title: t('customers.billing.unbilledCount'), dataIndex: 'unbilledCount', align: 'right' },
    { title: t('customers.billing.unbilledAmount'), dataIndex: 'unbilledAmount', align: 'right', render: (v: number) => fmt(v) },
    { title: t('customers.bill.previousReading'), key: 'prev', render: (_, r) => ((r.billId ? r.previousReading : r.meterReading) == null ? '' : ((r.billId ? r.previousReading! : r.meterReading!) / 1000).toFixed(3)) },
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
          (r.currentReading / 1000).toFixed(3)
        ) : (
          readingErrors[r.customerId] ?? ''
        ),
    },
    { title: t('customers.bill.billingDate'), dataIndex: 'billingDate' },
    { title: t('customers.bill.amount'), dataIndex: 'amount', align: 'right', render: (v: number | null) => (v == null ? '' : fmt(v)) },
    {
      title: t('customers.bill.linesAmount'),
      dataIndex: 'linesAmount',
      align: 'right',
      render: (v: number | null, r) => (r.mode === 'meter' && v != null ? fmt(v) : ''),
      exportValue: (r) => (r.mode === 'meter' ? r.linesAmount : null),
    },
    {
      title: t('customers.bill.status'),
      dataIndex: 'status',
      render: (v: string | null) => (v ? <Tag color={v === 'posted' ? 'green' : 'blue'}>{t(`customers.billStatus.${v}`)}</Tag> : <Tag>{t('customers.billing.unbilled')}</Tag>),
      exportValue: (r) => (r.status ? t(`customers.billStatus.${r.status}`) : t('customers.billing.unbilled')),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) =>
        r.billId && r.status === 'billed' && editable ? (
          <Space>
            <Button size="small" type="primary" onClick={() => setPaying(r)} data-testid={`billing-post-${r.customerId}`}>
              {t('customers.billing.post')}
            </Button>
            <Popconfirm title={t('customers.billing.confirmWithdraw')} onConfirm={() => withdraw.mutate(r.billId!)}>
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
      <DataTable<BillingRow>
        rowKey="customerId"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        paging={list.paging}
        rowSelection={
          editable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: !!r.billId }) }
            : undefined
        }
        exportable={{ fetchRows: list.fetchAll, fileName: `billing-${period}` }}
        toolbar={
          <Space wrap>
            <div style={{ width: 140 }}>
              <DateInput picker="month" value={period} onChange={(v) => v && setPeriod(v)} allowClear={false} data-testid="billing-period" />
            </div>
            <StoreSelect allowClear value={storeId} onChange={setStoreId} />
            <Select
              allowClear
              placeholder={`${t('customers.billing.billed')} / ${t('customers.billing.unbilled')}`}
              style={{ width: 160 }}
              value={billed}
              onChange={setBilled}
              data-testid="billing-filter-billed"
              options={[
                { value: 'billed', label: t('customers.billing.billed') },
                { value: 'unbilled', label: t('customers.billing.unbilled') },
              ]}
            />
            <Select
              allowClear
              placeholder={`${t('customers.billing.posted')} / ${t('customers.billing.unposted')}`}
              style={{ width: 160 }}
              value={posted}
              onChange={setPosted}
              data-testid="billing-filter-posted"
              options={[
                { value: 'posted', label: t('customers.billing.posted') },
                { value: 'unposted', label: t('customers.billing.unposted') },
              ]}
            />
            {editable ? (
              <Button type="primary" disabled={selected.length === 0} loading={generate.isPending} onClick={() => generate.mutate()} data-testid="billing-generate">
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
        submit={async (v) => {
          await api.post(`/billing/${paying!.billId}/post`, v);
          void invalidate();
        }}
      />
    </div>
  );
}
