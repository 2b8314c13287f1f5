import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVOICE_BUYER_KINDS, INVOICE_DELIVERIES, invoiceSettingsBody, PRINTER_WIDTHS_MM, type InvoiceSettingsBody } from '@gasops/shared';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { showSuccess } from '../../app/feedback';
import { StoreSelect, useDefaultStoreId } from '../../components/selects';
import { useInvoiceSettings, useSaveInvoiceSettings } from './hooks';

type SettingsForm = Omit<InvoiceSettingsBody, 'storeId'> & { storeId?: number };

/**
 * A store's e-invoice settings: seller UBN and name, the QR AES key (write-only: the drawer says whether
 * one is set, never shows it), the default buyer, delivery and donation code, and the printer's width.
 */
export function InvoiceSettingsDrawer({ initialStore, onClose }: { initialStore?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const defaultStoreId = useDefaultStoreId();
  const [storeId, setStoreId] = useState<number | undefined>(initialStore ?? defaultStoreId);
  const [form] = Form.useForm<SettingsForm>();
  const settings = useInvoiceSettings(storeId);
  const save = useSaveInvoiceSettings();
  const rules = zodRules(invoiceSettingsBody);
  const editable = canDo(me, 'invoice', 'edit');
  const s = settings.data;

  useEffect(() => {
    if (!s) return;
    form.resetFields();
    form.setFieldsValue({
      storeId: s.storeId,
      sellerUbn: s.sellerUbn ?? '',
      sellerName: s.sellerName ?? '',
      qrAesKey: '',
      defaultBuyer: s.defaultBuyer,
      defaultDelivery: s.defaultDelivery,
      defaultNpoban: s.defaultNpoban ?? '',
      printerWidthMm: s.printerWidthMm,
    });
  }, [s, form]);

  const submit = async () => {
    let values: SettingsForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const res = await save.mutateAsync({ ...values, storeId });
      showSuccess(res.detail);
      form.setFieldValue('qrAesKey', '');
    } catch (e) {
      applyServerErrors(form, e);
    }
  };

  return (
    <Drawer
      open
      title={t('invoices.ui.settings')}
      size={Math.min(520, window.innerWidth)}
      onClose={onClose}
      destroyOnHidden
      data-testid="invoice-settings"
      extra={
        editable ? (
          <Button type="primary" loading={save.isPending} disabled={!s} onClick={() => void submit()} data-testid="invoice-settings-save">
            {t('common.save')}
          </Button>
        ) : null
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <StoreSelect value={storeId} onChange={(v) => setStoreId(v)} data-testid="invoice-settings-store" style={{ width: '100%' }} />
        {s && !s.issuesInvoice ? <Alert type="warning" showIcon title={t('invoices.ui.notIssuing')} /> : null}
        {s && !s.updatedAt ? <Alert type="info" showIcon title={t('invoices.ui.noSettings')} /> : null}
        <Form<SettingsForm> form={form} layout="vertical" disabled={!editable || !s} data-testid="invoice-settings-form">
          <Form.Item name="storeId" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="sellerUbn" label={t('invoices.ui.field.sellerUbn')} rules={rules('sellerUbn')} required>
            <Input maxLength={8} inputMode="numeric" data-testid="settings-seller-ubn" />
          </Form.Item>
          <Form.Item name="sellerName" label={t('invoices.ui.field.sellerName')} rules={rules('sellerName')} required>
            <Input maxLength={60} data-testid="settings-seller-name" />
          </Form.Item>
          <Form.Item
            name="qrAesKey"
            label={
              <Space>
                {t('invoices.ui.field.qrAesKey')}
                <Tag color={s?.qrAesKeySet ? 'green' : 'default'} data-testid="settings-key-state">
                  {s?.qrAesKeySet ? t('invoices.ui.keySet') : t('invoices.ui.keyNotSet')}
                </Tag>
              </Space>
            }
            extra={t('invoices.ui.keyHint')}
            rules={rules('qrAesKey')}
          >
            <Input.Password autoComplete="new-password" visibilityToggle={false} maxLength={32} data-testid="settings-qr-key" />
          </Form.Item>
          <Form.Item name="defaultBuyer" label={t('invoices.ui.field.defaultBuyer')} rules={rules('defaultBuyer')}>
            <Radio.Group options={INVOICE_BUYER_KINDS.map((v) => ({ value: v, label: t(`invoices.ui.buyer.${v}`) }))} />
          </Form.Item>
          <Form.Item name="defaultDelivery" label={t('invoices.ui.field.defaultDelivery')} rules={rules('defaultDelivery')}>
            <Radio.Group options={INVOICE_DELIVERIES.map((v) => ({ value: v, label: t(`invoices.ui.delivery.${v}`) }))} />
          </Form.Item>
          <Form.Item name="defaultNpoban" label={t('invoices.ui.field.defaultNpoban')} rules={rules('defaultNpoban')}>
            <Input maxLength={7} inputMode="numeric" data-testid="settings-npoban" />
          </Form.Item>
          <Form.Item name="printerWidthMm" label={t('invoices.ui.field.printerWidth')} rules={rules('printerWidthMm')}>
            <Select<number>
              data-testid="settings-printer-width"
              options={PRINTER_WIDTHS_MM.map((w) => ({ value: w, label: t('invoices.ui.mm', { width: w }) }))}
            />
          </Form.Item>
        </Form>
      </Space>
    </Drawer>
  );
}
