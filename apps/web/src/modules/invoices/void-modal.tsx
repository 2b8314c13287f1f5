import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayInvoiceNumber, invoiceVoidBody, type Invoice } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { useVoidInvoice } from './hooks';

/** Void with a reason (≤ 20 characters); the number stays used. Loaded with its first opening (lookup-screen.tsx). */
export function VoidModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
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
