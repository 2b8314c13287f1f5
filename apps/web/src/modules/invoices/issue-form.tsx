import { useLayoutEffect, useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CARRIER_TYPES,
  INVOICE_BUYER_KINDS,
  INVOICE_DELIVERIES,
  invoiceIssueBody,
  type CarrierType,
  type Invoice,
  type InvoiceIssueBody,
  type InvoiceIssued,
  type InvoiceSettings,
} from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import type { FormBody } from '../../components/mutations';
import { useMoney } from '../../components/format';
import { MoneyInput } from '../../components/inputs';
import { StoreSelect, useDefaultStoreId } from '../../components/selects';
import { newIdempotencyKey } from '../orders/idempotency-key';
import { useInvoiceBuyer, useInvoiceSettings, useIssueInvoice } from './hooks';

type BuyerKind = (typeof INVOICE_BUYER_KINDS)[number];
type Delivery = (typeof INVOICE_DELIVERIES)[number];

/** The form holds the request body itself (so the shared rules check it as the server will) plus two choices that shape it. */
type IssueForm = {
  orderId?: number;
  monthlyBillId?: number;
  storeId?: number;
  items?: { description?: string; quantity?: number | null; unitPrice?: number | null }[];
  buyerKind: BuyerKind;
  delivery: Delivery;
  buyerUbn?: string | null;
  buyerName?: string | null;
  carrierType?: CarrierType | null;
  carrierId?: string | null;
  npoban?: string | null;
  print?: boolean;
};

/** What the form carries without showing it: the invoiced order or bill, and the two choices the radio groups shape. */
const CARRIED = ['orderId', 'monthlyBillId', 'buyerKind', 'delivery'] as const satisfies readonly (keyof IssueForm)[];

/**
 * What an invoice is issued for: an order (a row of the order list) or a monthly bill (a row of the
 * billing list); the server takes its store, lines and total.
 */
export type InvoiceSource =
  | { kind: 'order'; id: number; orderNo: string; storeId: number; customerId: number | null; totalAmount: number }
  | { kind: 'bill'; id: number; period: string; customerName: string; storeId: number; customerId: number; totalAmount: number };

/** Carrier, donation code and print flag that follow the buyer and delivery choices. */
function shaped(buyer: BuyerKind, delivery: Delivery, v: Partial<IssueForm>, npoban: string | null): Partial<IssueForm> {
  const business = buyer === 'business';
  const out: Partial<IssueForm> = business ? {} : { buyerUbn: null, buyerName: null };
  // A company's invoice may not be donated: it is printed instead.
  const d: Delivery = business && delivery === 'donation' ? 'print' : delivery;
  if (d !== delivery) out.delivery = d;
  if (d === 'print') Object.assign(out, { carrierType: null, carrierId: null, npoban: null, print: true });
  if (d === 'carrier')
    Object.assign(out, {
      carrierType: business ? '3J0002' : (v.carrierType ?? '3J0002'),
      npoban: null,
      print: business ? (v.print ?? false) : false,
    });
  if (d === 'donation') Object.assign(out, { carrierType: null, carrierId: null, npoban: v.npoban || npoban, print: false });
  return out;
}

/** The invoice body without the form's two choices and, from an order or a bill, without store and items (the server takes its own). */
function bodyOf(v: IssueForm): FormBody<InvoiceIssueBody> {
  const { buyerKind: _buyer, delivery: _delivery, ...body } = v;
  // The form checked the lines with the shared rules: they are whole numbers by now.
  const items = body.items as InvoiceIssueBody['items'];
  return body.orderId || body.monthlyBillId ? { ...body, storeId: undefined, items: undefined } : { ...body, items };
}

/**
 * Issues an invoice by hand (store and items) or for an order or a monthly bill (their lines and total),
 * prefilled with the store's defaults and, for an order or a bill, the customer's unified number as a
 * company buyer. The buyer, carrier, donation and print fields follow the shared matrix
 * (`invoiceIssueBody`), so a wrong combination is shown under its field before anything is sent.
 * Issuing an order or a bill again shows its invoice.
 */
export function IssueInvoiceModal({
  source,
  onClose,
  onIssued,
}: {
  source?: InvoiceSource;
  onClose: () => void;
  onIssued?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const money = useMoney();
  const { message } = App.useApp();
  const [form] = Form.useForm<IssueForm>();
  const key = useRef(newIdempotencyKey());
  const issue = useIssueInvoice();
  const rules = zodRules(invoiceIssueBody);
  const [storeId, setStoreId] = useState<number | undefined>(source?.storeId ?? defaultStoreId);
  const settings = useInvoiceSettings(storeId);
  const customer = useInvoiceBuyer(source?.customerId ?? null);
  const buyerKind = (Form.useWatch('buyerKind', form) ?? 'consumer') as BuyerKind;
  const delivery = (Form.useWatch('delivery', form) ?? 'print') as Delivery;
  const prefilled = useRef<number | null>(null);
  /** Until the store's defaults (and the customer) are here the form waits: they would overwrite a choice made meanwhile. */
  const waiting = (storeId !== undefined && settings.isPending) || (!!source?.customerId && customer.isLoading);

  // The store's defaults, then (for an order or a bill) the customer's unified number, once per store;
  // before the form is painted without `waiting`, so nothing can be chosen in between.
  useLayoutEffect(() => {
    const s: InvoiceSettings | undefined = settings.data;
    if (!s || prefilled.current === s.storeId) return;
    if (source?.customerId && customer.isLoading) return;
    prefilled.current = s.storeId;
    const ubn = customer.data?.unifiedNumber ?? null;
    const buyer: BuyerKind = ubn ? 'business' : s.defaultBuyer;
    const v: Partial<IssueForm> = ubn ? { buyerUbn: ubn, buyerName: customer.data?.name ?? null } : {};
    form.setFieldsValue({ buyerKind: buyer, delivery: s.defaultDelivery, ...v });
    form.setFieldsValue(shaped(buyer, s.defaultDelivery, v, s.defaultNpoban));
  }, [settings.data, customer.data, customer.isLoading]); // eslint-disable-line react-hooks/exhaustive-deps

  const initial: IssueForm = {
    orderId: source?.kind === 'order' ? source.id : undefined,
    monthlyBillId: source?.kind === 'bill' ? source.id : undefined,
    storeId,
    items: source ? undefined : [{ description: '', quantity: 1, unitPrice: null }],
    buyerKind: 'consumer',
    delivery: 'print',
    buyerUbn: null,
    buyerName: null,
    carrierType: null,
    carrierId: null,
    npoban: null,
    print: true,
  };

  const done = (res: InvoiceIssued) => {
    if (res.existing) void message.info(res.detail, 6);
    else showSuccess(res.detail);
    if (res.warning) void message.warning({ content: res.warning, duration: 10, className: 'invoice-low-warning' });
    onIssued?.(res.invoice);
    onClose();
  };

  const s = settings.data;
  /** A field whose label is named like it (`invoices.ui.field.<name>`), with the shared rules. */
  const field = (name: keyof IssueForm) => ({ name, label: t(`invoices.ui.field.${name}`), rules: rules(name) });
  /** The buyer or the delivery picked: the carrier, donation and print fields follow. */
  const choose = (choice: Pick<IssueForm, 'buyerKind'> | Pick<IssueForm, 'delivery'>) => {
    form.setFieldsValue(choice);
    const all = form.getFieldsValue(true) as IssueForm;
    form.setFieldsValue(shaped(all.buyerKind, all.delivery, all, s?.defaultNpoban ?? null));
  };
  return (
    <FormModal<IssueForm, InvoiceIssued>
      open
      form={form}
      width={640}
      title={
        source?.kind === 'order'
          ? t('invoices.ui.issueForOrder', { orderNo: source.orderNo })
          : source?.kind === 'bill'
            ? t('invoices.ui.issueForBill', { customer: source.customerName, period: source.period })
            : t('invoices.ui.issueTitle')
      }
      okText={t('invoices.ui.issue')}
      okTestId="issue-submit"
      formTestId="issue-form"
      busy={waiting}
      send="all"
      initialValues={initial}
      onValuesChange={(changed: Partial<IssueForm>) => {
        if ('storeId' in changed) {
          setStoreId(changed.storeId);
          prefilled.current = null;
        }
      }}
      onSubmit={(values) => issue.mutateAsync({ body: bodyOf(values), idempotencyKey: key.current })}
      onDone={done}
      onClose={onClose}
    >
      {s && !s.issuesInvoice ? <Alert type="warning" showIcon title={t('invoices.ui.notIssuing')} style={{ marginBottom: 12 }} /> : null}
      {s && !s.updatedAt ? <Alert type="warning" showIcon title={t('invoices.ui.noSettings')} style={{ marginBottom: 12 }} /> : null}
      {CARRIED.map((name) => (
        <Form.Item key={name} name={name} hidden>
          {name.endsWith('Id') ? <InputNumber /> : <Input />}
        </Form.Item>
      ))}
      {delivery === 'carrier' && buyerKind === 'business' ? null : (
        <Form.Item name="print" hidden>
          <Input />
        </Form.Item>
      )}
      {source ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            source.kind === 'order'
              ? t('invoices.ui.orderItems', { orderNo: source.orderNo, amount: money.format(source.totalAmount) })
              : t('invoices.ui.billItems', { amount: money.format(source.totalAmount) })
          }
        />
      ) : (
        <>
          <Form.Item name="storeId" label={t('invoices.ui.field.store')} rules={rules('storeId')} required>
            <StoreSelect data-testid="issue-store" />
          </Form.Item>
          <ItemsField rules={rules} />
        </>
      )}
      <Form.Item label={t('invoices.ui.field.buyerKind')}>
        <Radio.Group
          data-testid="issue-buyer-kind"
          value={buyerKind}
          onChange={(e) => choose({ buyerKind: e.target.value as BuyerKind })}
          options={INVOICE_BUYER_KINDS.map((v) => ({ value: v, label: t(`invoices.ui.buyer.${v}`) }))}
        />
      </Form.Item>
      {buyerKind === 'business' ? (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item {...field('buyerUbn')} required style={{ flex: '1 1 160px' }}>
            <Input maxLength={8} inputMode="numeric" data-testid="issue-buyer-ubn" />
          </Form.Item>
          <Form.Item {...field('buyerName')} required style={{ flex: '2 1 220px' }}>
            <Input maxLength={60} data-testid="issue-buyer-name" />
          </Form.Item>
        </div>
      ) : null}
      <Form.Item label={t('invoices.ui.field.delivery')}>
        <Radio.Group
          data-testid="issue-delivery"
          value={delivery}
          onChange={(e) => choose({ delivery: e.target.value as Delivery })}
          options={INVOICE_DELIVERIES.map((v) => ({
            value: v,
            label: t(`invoices.ui.delivery.${v}`),
            disabled: v === 'donation' && buyerKind === 'business',
          }))}
        />
      </Form.Item>
      {delivery === 'carrier' ? (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item {...field('carrierType')} style={{ flex: '1 1 180px' }}>
            <Select<CarrierType>
              data-testid="issue-carrier-type"
              options={CARRIER_TYPES.map((c) => ({
                value: c,
                label: t(`invoices.ui.carrier.${c}`),
                disabled: buyerKind === 'business' && c !== '3J0002',
              }))}
            />
          </Form.Item>
          <Form.Item {...field('carrierId')} required style={{ flex: '1 1 200px' }}>
            <Input
              data-testid="issue-carrier-id"
              maxLength={16}
              placeholder="/ABC+123"
              onChange={(e) => form.setFieldValue('carrierId', e.target.value.toUpperCase())}
            />
          </Form.Item>
        </div>
      ) : null}
      {delivery === 'carrier' && buyerKind === 'business' ? (
        <Form.Item name="print" valuePropName="checked" rules={rules('print')}>
          <Checkbox data-testid="issue-print">{t('invoices.ui.field.print')}</Checkbox>
        </Form.Item>
      ) : null}
      {delivery === 'donation' ? (
        <Form.Item {...field('npoban')} required>
          <Input data-testid="issue-npoban" maxLength={7} inputMode="numeric" />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}

/** The lines of an invoice typed by hand: description, quantity, unit price (whole dollars). */
function ItemsField({ rules }: { rules: ReturnType<typeof zodRules> }) {
  const { t } = useTranslation();
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          {fields.map((f, i) => (
            <div key={f.key} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <Form.Item
                name={[f.name, 'description']}
                label={i === 0 ? t('invoices.ui.field.description') : undefined}
                rules={rules(`items.${f.name}.description`)}
                style={{ flex: '3 1 200px', marginBottom: 8 }}
              >
                <Input data-testid={`issue-item-description-${i}`} maxLength={256} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'quantity']}
                label={i === 0 ? t('invoices.ui.field.quantity') : undefined}
                rules={rules(`items.${f.name}.quantity`)}
                style={{ flex: '1 1 80px', marginBottom: 8 }}
              >
                <InputNumber<number> data-testid={`issue-item-quantity-${i}`} min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'unitPrice']}
                label={i === 0 ? t('invoices.ui.field.unitPrice') : undefined}
                rules={rules(`items.${f.name}.unitPrice`)}
                style={{ flex: '1 1 140px', marginBottom: 8 }}
              >
                <MoneyInput data-testid={`issue-item-price-${i}`} currencyAs="prefix" />
              </Form.Item>
              {fields.length > 1 ? (
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('invoices.ui.removeItem')}
                  onClick={() => remove(f.name)}
                  style={{ marginTop: i === 0 ? 30 : 0 }}
                />
              ) : null}
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ description: '', quantity: 1, unitPrice: null })}
            data-testid="issue-add-item"
          >
            {t('invoices.ui.addItem')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
