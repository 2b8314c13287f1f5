import { InputNumber } from 'antd';

// Apart from parts.tsx: only the forms that take a container weight load antd's number input (issue 16).

/** Container weight typed in kg to 0.01 (as the label prints it); the form value stays integer grams. */
export function TareInput({
  value,
  onChange,
  ...rest
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  'data-testid'?: string;
  onPressEnter?: () => void;
}) {
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      min={0}
      max={500}
      step={0.1}
      precision={2}
      suffix="kg"
      value={value == null ? null : value / 1000}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * 100) * 10)}
      data-testid={rest['data-testid']}
      onPressEnter={rest.onPressEnter}
    />
  );
}
