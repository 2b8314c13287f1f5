import { Form, Input, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

type Rules = (field: string) => Rule[];

/**
 * The contact and invoicing fields a store group and a store share; `prefix` names their test ids
 * (`group-form`, `store-form`).
 */
export function ContactFields({ rules, prefix, widths }: { rules: Rules; prefix: string; widths: [number, number] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="responsiblePerson"
        label={t('system.field.responsiblePerson')}
        rules={rules('responsiblePerson')}
        style={{ minWidth: widths[0] }}
      >
        <Input data-testid={`${prefix}-responsible`} />
      </Form.Item>
      <Form.Item name="phone" label={t('system.field.phone')} rules={rules('phone')} style={{ minWidth: widths[1] }}>
        <Input data-testid={`${prefix}-phone`} />
      </Form.Item>
    </>
  );
}

/** The address, the unified business number and whether invoices are issued (which requires the number). */
export function AddressAndInvoiceFields({ rules, prefix }: { rules: Rules; prefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="address" label={t('system.field.address')} rules={rules('address')}>
        <Input data-testid={`${prefix}-address`} />
      </Form.Item>
      <Space wrap size={16} style={{ width: '100%' }}>
        <Form.Item
          name="unifiedNumber"
          label={t('system.field.unifiedNumber')}
          rules={rules('unifiedNumber')}
          dependencies={['issuesInvoice']}
          style={{ minWidth: 200 }}
        >
          <Input data-testid={`${prefix}-ubn`} maxLength={8} placeholder={t('common.eightDigits')} />
        </Form.Item>
        <Form.Item name="issuesInvoice" label={t('system.field.issuesInvoice')} valuePropName="checked">
          <Switch data-testid={`${prefix}-invoice`} />
        </Form.Item>
      </Space>
    </>
  );
}
