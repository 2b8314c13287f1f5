import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor, type PublicOrderAnswer } from '@gasops/shared';
import { serverFieldErrors } from '../../app/form-errors';
import { Button, Card, Field, NumberInput, Select, TextArea, TextInput } from '../field/ui';
import { CheckCircleIcon, PlusIcon, TrashIcon } from '../field/icons';
import { useLineOrderPrefill, type LineOrderFill } from '../line/order-prefill';
import { usePlaceOrder, usePublicProducts, usePublicStores } from './hooks';
import { newIdempotencyKey } from './idempotency-key';
import './public-order-page.css';

type Line = { key: number; productId: number | null; quantity: number | null };
type Values = {
  storeId: number | null;
  phone: string;
  name: string;
  address: string;
  cylinderKg: number;
  cylinderCount: number | null;
  products: Line[];
  preferredTime: string;
  remark: string;
};
/** The messages under the fields (in words), by the field's path in the body (`phone`, `products.0.quantity`). */
type Errors = Record<string, string | undefined>;

const EMPTY: Values = {
  storeId: null,
  phone: '',
  name: '',
  address: '',
  cylinderKg: 20,
  cylinderCount: 1,
  products: [],
  preferredTime: '',
  remark: '',
};
const CYLINDER_SIZES = [4, 10, 16, 20, 50];
const TEXT_FIELDS = ['phone', 'name', 'address'] as const;
/** The shared schema's message for an empty required field (V.required). */
const REQUIRED = 'feedback.validation.required';

/**
 * What the page checks before sending, with the shared `publicOrderBody`'s messages: the four required fields
 * (a whitespace-only text is empty), a product line's product and quantity, and its one cross-field rule (gas,
 * or at least one product: "required" under the cylinder count). The rest of that contract (the phone's
 * characters, lengths, the limits) is the server's, whose 400 puts its message under the field. Not zod: ~27 KB
 * gzip for four checks, on a page customers open from LINE on phones (issue 16).
 */
function requiredErrors(v: Values, required: string): Errors {
  const errors: Errors = {};
  if (v.storeId === null) errors.storeId = required;
  for (const name of TEXT_FIELDS) if (v[name].trim() === '') errors[name] = required;
  if (!(v.cylinderKg > 0 && (v.cylinderCount ?? 0) > 0) && v.products.length === 0) errors.cylinderCount = required;
  v.products.forEach((line, i) => {
    if (line.productId === null) errors[`products.${i}.productId`] = required;
    if (line.quantity === null) errors[`products.${i}.quantity`] = required;
  });
  return errors;
}

/** The messages without the product lines' (the lines are gone: another store). */
const withoutLines = (errors: Errors): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('products.')));

/**
 * /addOrder: a customer without an account orders gas or products from a store. The answer is the
 * same whether or not the phone is known to the store; one Idempotency-Key per filled form. Built on the
 * field kit (modules/field/ui.tsx), no antd and no zod: customers open it from LINE on phones on weak
 * networks (issue 16).
 */
export function PublicOrderPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const key = useRef(newIdempotencyKey());
  const nextLine = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState<PublicOrderAnswer | null>(null);
  const stores = usePublicStores();
  const products = usePublicProducts(values.storeId ?? undefined);
  const submit = usePlaceOrder();
  useLineOrderPrefill((filled: LineOrderFill) => {
    setValues((v) => ({ ...v, ...filled, products: filled.storeId === v.storeId ? v.products : [] }));
    setErrors((e) => ({ ...withoutLines(e), storeId: undefined, phone: undefined, name: undefined, address: undefined }));
  });
  // Prices in the chosen store's currency (its group's).
  const currency = stores.data?.find((s) => s.id === values.storeId)?.currency ?? 'TWD';
  const money = (minor: number) => formatMoneyMinor(minor, currency, i18n.language);

  /**
   * A change re-checks the field it is made in (its server message goes), as antd's form did; gas and products
   * re-check the cylinder count's "gas or a product" only while its message shows (not before the first send).
   */
  const change = (next: Partial<Values>, path: string | null, errorsNow: Errors = errors) => {
    const v = { ...values, ...next };
    setValues(v);
    const now = requiredErrors(v, t(REQUIRED));
    const kept = { ...errorsNow };
    if (path) kept[path] = now[path];
    if (kept.cylinderCount && path !== 'cylinderCount') kept.cylinderCount = now.cylinderCount;
    setErrors(kept);
  };
  const setLine = (index: number, line: Partial<Line>, path: 'productId' | 'quantity') =>
    change({ products: values.products.map((l, i) => (i === index ? { ...l, ...line } : l)) }, `products.${index}.${path}`);
  /** A line removed: its messages go, and those of the lines under it move up with them. */
  const removeLine = (index: number) => {
    const moved: Errors = {};
    for (const [path, message] of Object.entries(errors)) {
      const line = /^products\.(\d+)\.(.+)$/.exec(path);
      if (!line) moved[path] = message;
      else if (Number(line[1]) !== index) moved[`products.${Number(line[1]) > index ? Number(line[1]) - 1 : line[1]}.${line[2]}`] = message;
    }
    change({ products: values.products.filter((_, i) => i !== index) }, null, moved);
  };

  /** The first field with a message gets the focus, once the messages are on screen. */
  const focusFirstError = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const place = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const missing = requiredErrors(values, t(REQUIRED));
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      focusFirstError();
      return;
    }
    setErrors({});
    submit.mutate(
      {
        body: {
          storeId: values.storeId!,
          phone: values.phone,
          name: values.name,
          address: values.address,
          cylinderKg: values.cylinderKg,
          cylinderCount: values.cylinderCount ?? undefined,
          products: values.products.map(({ productId, quantity }) => ({ productId: productId!, quantity: quantity! })),
          preferredTime: values.preferredTime,
          remark: values.remark,
        },
        idempotencyKey: key.current,
      },
      {
        onSuccess: setDone,
        onError: (e) => {
          const fromServer: Errors = {};
          for (const { name, message } of serverFieldErrors(e)) fromServer[name.join('.')] = message;
          setErrors(fromServer);
          focusFirstError();
        },
      },
    );
  };

  if (done) {
    return (
      <div className="f-screen pub-order pub-order-done" role="status">
        <CheckCircleIcon className="f-icon pub-order-done-icon" />
        <h1 className="pub-order-done-title">{done.detail}</h1>
        <p className="pub-order-done-reference" data-testid="public-order-reference">
          {t('orders.public.reference', { reference: done.reference })}
        </p>
        <Button
          onClick={() => {
            key.current = newIdempotencyKey();
            setValues(EMPTY);
            setErrors({});
            submit.reset();
            setDone(null);
          }}
        >
          {t('orders.public.another')}
        </Button>
      </div>
    );
  }

  /** The props that tie a control to its label and its message. */
  const control = (path: string) => ({
    id: `${id}-${path}`,
    'aria-invalid': errors[path] ? true : undefined,
    'aria-describedby': errors[path] ? `${id}-${path}-error` : undefined,
  });
  const message = (path: string) =>
    errors[path] ? (
      <div id={`${id}-${path}-error`} className="pub-order-error" role="alert" data-testid={`public-error-${path}`}>
        {errors[path]}
      </div>
    ) : null;
  /** A field of the form: its label (with antd's required mark), its control and, under it, its message. */
  const item = (path: string, label: string, input: ReactNode, required = false) => (
    <Field
      label={
        <>
          {required ? (
            <span className="pub-order-mark" aria-hidden="true">
              *
            </span>
          ) : null}
          {label}
        </>
      }
      htmlFor={`${id}-${path}`}
    >
      {input}
      {message(path)}
    </Field>
  );
  const text = (name: (typeof TEXT_FIELDS)[number], maxLength: number, extra: { inputMode?: 'tel'; autoComplete: string }) => (
    <TextInput
      {...control(name)}
      size="middle"
      name={name}
      value={values[name]}
      maxLength={maxLength}
      aria-required
      status={errors[name] ? 'error' : undefined}
      onChange={(e) => change({ [name]: e.target.value }, name)}
      data-testid={`public-${name}`}
      {...extra}
    />
  );
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.id, label: `${s.name}${s.address ? ` · ${s.address}` : ''}` }));
  const productOptions = (products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${money(p.salePrice)}` }));

  return (
    <div className="f-screen pub-order">
      <Card title={t('orders.public.title')} data-testid="public-order">
        <p className="pub-order-intro">{t('orders.public.intro')}</p>
        <form ref={form} noValidate onSubmit={place}>
          {item(
            'storeId',
            t('orders.public.store'),
            <Select
              {...control('storeId')}
              value={values.storeId}
              options={storeOptions}
              placeholder={stores.isFetching && !stores.data ? t('common.loading') : t('orders.public.selectStore')}
              aria-label={t('orders.public.store')}
              aria-required
              onChange={(storeId) => change({ storeId, products: [] }, 'storeId', withoutLines(errors))}
              data-testid="public-store"
            />,
            true,
          )}
          {item('phone', t('orders.public.phone'), text('phone', 30, { inputMode: 'tel', autoComplete: 'tel' }), true)}
          {item('name', t('orders.public.name'), text('name', 60, { autoComplete: 'name' }), true)}
          {item('address', t('orders.public.address'), text('address', 300, { autoComplete: 'street-address' }), true)}
          <div className="pub-order-pair">
            {item(
              'cylinderKg',
              t('orders.public.cylinderKg'),
              <Select
                {...control('cylinderKg')}
                value={values.cylinderKg}
                options={[{ value: 0, label: t('orders.public.none') }, ...CYLINDER_SIZES.map((k) => ({ value: k, label: `${k} kg` }))]}
                aria-label={t('orders.public.cylinderKg')}
                onChange={(kg) => change({ cylinderKg: kg ?? 0 }, 'cylinderKg')}
                data-testid="public-cylinder-kg"
              />,
            )}
            {item(
              'cylinderCount',
              t('orders.public.cylinderCount'),
              <NumberInput
                {...control('cylinderCount')}
                size="middle"
                min={0}
                max={20}
                value={values.cylinderCount}
                status={errors.cylinderCount ? 'error' : undefined}
                onChange={(count) => change({ cylinderCount: count }, 'cylinderCount')}
                data-testid="public-cylinder-count"
              />,
            )}
          </div>
          <fieldset className="pub-order-products">
            <legend className="f-field-label">{t('orders.public.products')}</legend>
            {values.products.map((line, i) => (
              <div key={line.key} className="pub-order-line" data-testid={`public-product-${i}`}>
                <div className="pub-order-line-product">
                  <Select
                    {...control(`products.${i}.productId`)}
                    value={line.productId}
                    options={productOptions}
                    placeholder={t('orders.field.product')}
                    aria-label={t('orders.field.product')}
                    onChange={(productId) => setLine(i, { productId }, 'productId')}
                    data-testid={`public-product-${i}-product`}
                  />
                  {message(`products.${i}.productId`)}
                </div>
                <div className="pub-order-line-quantity">
                  <NumberInput
                    {...control(`products.${i}.quantity`)}
                    size="middle"
                    min={1}
                    value={line.quantity}
                    aria-label={t('orders.field.quantity')}
                    status={errors[`products.${i}.quantity`] ? 'error' : undefined}
                    onChange={(quantity) => setLine(i, { quantity }, 'quantity')}
                    data-testid={`public-product-${i}-quantity`}
                  />
                  {message(`products.${i}.quantity`)}
                </div>
                <Button
                  icon={<TrashIcon />}
                  aria-label={t('common.delete')}
                  title={t('common.delete')}
                  onClick={() => removeLine(i)}
                  data-testid={`public-product-${i}-remove`}
                />
              </div>
            ))}
            {message('products')}
            <Button
              icon={<PlusIcon />}
              disabled={values.storeId === null}
              onClick={() => change({ products: [...values.products, { key: nextLine.current++, productId: null, quantity: 1 }] }, null)}
              data-testid="public-product-add"
            >
              {t('orders.add.product')}
            </Button>
          </fieldset>
          {item(
            'preferredTime',
            t('orders.public.preferredTime'),
            <TextInput
              {...control('preferredTime')}
              size="middle"
              value={values.preferredTime}
              maxLength={100}
              status={errors.preferredTime ? 'error' : undefined}
              onChange={(e) => change({ preferredTime: e.target.value }, 'preferredTime')}
              data-testid="public-time"
            />,
          )}
          {item(
            'remark',
            t('orders.public.remark'),
            <TextArea
              {...control('remark')}
              rows={2}
              maxLength={300}
              value={values.remark}
              onChange={(e) => change({ remark: e.target.value }, 'remark')}
              data-testid="public-remark"
            />,
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={submit.isPending}
            className="pub-order-submit"
            data-testid="public-submit"
          >
            {t('orders.public.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
