import type { CSSProperties } from 'react';
import { Form, InputNumber, type FormItemProps } from 'antd';
// The plain input alone: antd's `Input` brings its Password, OTP, TextArea and Search with it (issue 16).
import Input from 'antd/es/input/Input';
import { useMoney } from './format';
import { StoreSelect, type NumberSelectProps } from './selects';

/**
 * Form inputs that keep API units as form values (integer minor units, integer grams, thousandths of
 * a m³, `YYYY-MM-DD` strings, ISO timestamps), so the shared zod schemas validate a form exactly as
 * they validate the request. The date inputs are in date-inputs.tsx (antd's date picker is a chunk of ~33 KB gzip that
 * a screen without a date field does not load).
 */

type NumberInputProps = {
  value?: number | null;
  onChange?: (v: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
  style?: CSSProperties;
  min?: number;
};

/** An integer number of thousandths typed as a decimal with three places, e.g. grams as kg. */
function ThousandthsInput({ value, onChange, unit, step, ...rest }: NumberInputProps & { unit: string; step: number }) {
  return (
    <InputNumber<number>
      style={{ width: '100%', ...rest.style }}
      min={0}
      step={step}
      precision={3}
      addonAfter={unit}
      value={value == null ? null : value / 1000}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * 1000))}
      disabled={rest.disabled}
      data-testid={rest['data-testid']}
    />
  );
}

/**
 * An amount typed in major units of the group's currency; the form value stays integer minor units.
 * The currency stands beside the field, or inside it with `currencyAs="prefix"` (the expense form).
 */
export function MoneyInput({ value, onChange, currencyAs = 'addon', ...rest }: NumberInputProps & { currencyAs?: 'addon' | 'prefix' }) {
  const { digits, currency } = useMoney();
  const factor = 10 ** digits;
  return (
    <InputNumber<number>
      style={{ width: '100%', ...rest.style }}
      min={rest.min ?? 0}
      step={1}
      precision={digits}
      {...(currencyAs === 'prefix' ? { prefix: currency } : { addonAfter: currency })}
      value={value == null ? null : value / factor}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * factor))}
      disabled={rest.disabled}
      placeholder={rest.placeholder}
      data-testid={rest['data-testid']}
    />
  );
}

/** A weight typed in kg (3 decimals); the form value stays integer grams. */
export function KgInput(props: NumberInputProps) {
  return <ThousandthsInput {...props} unit="kg" step={0.1} />;
}

/** A meter reading typed in m³ (3 decimals); the form value stays integer thousandths. */
export function MeterInput(props: NumberInputProps) {
  return <ThousandthsInput {...props} unit="m³" step={1} />;
}

/**
 * A form field with a one-line text input; `testId`, `maxLength`, `placeholder` and `autoComplete` (`off` where a
 * scanner or fast keying should not meet the browser's suggestions) go on the input.
 */
export function TextItem({
  testId,
  maxLength,
  placeholder,
  autoComplete,
  ...props
}: FormItemProps & { testId?: string; maxLength?: number; placeholder?: string; autoComplete?: string }) {
  return (
    <Form.Item {...props}>
      <Input data-testid={testId} maxLength={maxLength} placeholder={placeholder} autoComplete={autoComplete} />
    </Form.Item>
  );
}

/** A record's store, a required form field named `storeId`: `label` and `rules` for the item, the rest for the select. */
export function StoreItem({ label, rules, ...props }: NumberSelectProps & Pick<FormItemProps, 'label' | 'rules'>) {
  return (
    <Form.Item name="storeId" label={label} rules={rules} required>
      <StoreSelect {...props} />
    </Form.Item>
  );
}
