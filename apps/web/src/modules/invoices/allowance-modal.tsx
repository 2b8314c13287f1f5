import { useRef } from 'react';
import { Alert, Form, Input, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  allowedByLine,
  displayInvoiceNumber,
  INVOICE_RULE,
  invoiceAllowanceBody,
  MINOR_PER_DOLLAR,
  type Invoice,
  type InvoiceAllowanced,
  type InvoiceItem,
} from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { useMoney } from '../../components/format';
import { FormModal } from '../../components/form-modal';
import { newIdempotencyKey } from '../orders/idempotency-key';
import { useInvoiceAllowances, useIssueAllowance } from './hooks';

type AllowanceForm = { reason: string; amounts: Record<string, number | null> };

/**
 * An allowance (折讓) on an invoice: per line, the amount to take back (tax included, whole dollars) up to
 * what earlier allowances left of it, and a reason. The server checks the same rules (shared) again.
 */
export function AllowanceModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<AllowanceForm>();
  const earlier = useInvoiceAllowances(invoice.id);
  const issue = useIssueAllowance();
  const key = useRef(newIdempotencyKey());
  const rules = zodRules(invoiceAllowanceBody);

  const allowed = allowedByLine(earlier.data?.items ?? []);
  const left = (sequence: number) => (invoice.items[sequence - 1]?.amount ?? 0) - (allowed.get(sequence) ?? 0);
  const lines = invoice.items.map((item, i) => ({ ...item, sequence: i + 1 }));

  const submit = async (values: AllowanceForm) => {
    const chosen = Object.entries(values.amounts ?? {})
      .filter(([, dollars]) => (dollars ?? 0) > 0)
      .map(([sequence, dollars]) => ({ sequence: Number(sequence), amount: dollars! * MINOR_PER_DOLLAR }));
    // Shown above the form (errorAlert): no line has an amount.
    if (chosen.length === 0) throw new Error(t(INVOICE_RULE.allowanceLine));
    return issue.mutateAsync({ id: invoice.id, idempotencyKey: key.current, body: { reason: values.reason, lines: chosen } });
  };

  return (
    <FormModal<AllowanceForm, InvoiceAllowanced>
      open
      form={form}
      width={Math.min(720, window.innerWidth)}
      title={t('invoices.ui.allowanceTitle', { number: displayInvoiceNumber(invoice.number) })}
      okText={t('invoices.ui.allowance')}
      okTestId="allowance-submit"
      formTestId="allowance-form"
      errorAlert
      intro={<Alert type="info" showIcon title={t('invoices.ui.allowanceNote')} style={{ marginBottom: 12 }} />}
      initialValues={{ reason: '', amounts: {} }}
      onSubmit={submit}
      success={(res) => res.detail}
      onClose={onClose}
    >
      <Table<InvoiceItem & { sequence: number }>
        size="small"
        rowKey="sequence"
        pagination={false}
        loading={earlier.isLoading}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '#', dataIndex: 'sequence', width: 40 },
          { title: t('invoices.ui.field.description'), dataIndex: 'description' },
          { title: t('invoices.ui.field.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => money.format(v) },
          {
            title: t('invoices.ui.allowanceAmount'),
            dataIndex: 'sequence',
            render: (sequence: number) => (
              <Form.Item
                name={['amounts', String(sequence)]}
                style={{ margin: 0 }}
                extra={t('invoices.ui.allowanceLeft', { amount: money.format(left(sequence)) })}
                rules={[
                  {
                    validator: async (_r, dollars: number | null) => {
                      if ((dollars ?? 0) * MINOR_PER_DOLLAR > left(sequence)) throw new Error(t(INVOICE_RULE.allowanceOver));
                    },
                  },
                ]}
              >
                <InputNumber<number>
                  min={0}
                  precision={0}
                  max={left(sequence) / MINOR_PER_DOLLAR}
                  disabled={left(sequence) <= 0}
                  style={{ width: 140 }}
                  data-testid={`allowance-amount-${sequence}`}
                />
              </Form.Item>
            ),
          },
        ]}
      />
      <Form.Item name="reason" label={t('invoices.ui.allowanceReason')} rules={rules('reason')} required>
        <Input maxLength={20} showCount data-testid="allowance-reason" />
      </Form.Item>
    </FormModal>
  );
}
