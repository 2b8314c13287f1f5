import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TYPES, paymentBody, type PaymentBody } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { useMoney } from '../../components/format';
import { FormModal } from '../../components/form-modal';
import { MoneyInput } from '../../components/inputs';
import { DateInput } from '../../components/date-inputs';

const rules = zodRules(paymentBody);

/** The payment form of an order or a bill: posting date, cash or bill, amounts, numbers. `submit` posts it. */
export function PaymentModal({
  open,
  title,
  due,
  onClose,
  submit,
}: {
  open: boolean;
  title: string;
  due: number;
  onClose: () => void;
  submit: (body: PaymentBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<PaymentBody>();
  const type = Form.useWatch('paymentType', form);
  return (
    <FormModal<PaymentBody>
      form={form}
      open={open}
      title={title}
      okTestId="payment-submit"
      okText={t('common.ok')}
      send="all"
      formTestId="payment-form"
      afterOpenChange={(o) => {
        if (o) {
          form.resetFields();
          form.setFieldsValue({ postingDate: groupTodayIso(), paymentType: 'cash', cashAmount: Math.max(0, due), billAmount: 0 });
        }
      }}
      intro={<p data-testid="payment-due">{t('orders.payment.total', { amount: money.format(Math.max(0, due)) })}</p>}
      onSubmit={submit}
      success={t('feedback.success.saved')}
      onClose={onClose}
    >
      <Form.Item name="postingDate" label={t('customers.payment.postingDate')} rules={rules('postingDate')} required>
        <DateInput data-testid="payment-date" allowClear={false} />
      </Form.Item>
      <Form.Item name="paymentType" label={t('customers.payment.paymentType')} rules={rules('paymentType')} required>
        <Select
          data-testid="payment-type"
          options={PAYMENT_TYPES.map((v) => ({ value: v, label: t(`customers.paymentType.${v}`) }))}
          onChange={(v) =>
            form.setFieldsValue(
              v === 'cash' ? { cashAmount: Math.max(0, due), billAmount: 0 } : { cashAmount: 0, billAmount: Math.max(0, due) },
            )
          }
        />
      </Form.Item>
      <Form.Item name="cashAmount" label={t('customers.payment.cashAmount')} rules={rules('cashAmount')}>
        <MoneyInput data-testid="payment-cash" />
      </Form.Item>
      <Form.Item name="billAmount" label={t('customers.payment.billAmount')} rules={rules('billAmount')}>
        <MoneyInput data-testid="payment-bill" />
      </Form.Item>
      {type === 'bill' ? (
        <Form.Item name="billNumber" label={t('customers.payment.billNumber')} rules={rules('billNumber')} required>
          <Input data-testid="payment-bill-number" />
        </Form.Item>
      ) : null}
      <Form.Item name="invoiceNumber" label={t('customers.payment.invoiceNumber')} rules={rules('invoiceNumber')}>
        <Input data-testid="payment-invoice" placeholder="AB12345678" />
      </Form.Item>
    </FormModal>
  );
}
