import { DatePicker, Form, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { fromGroupClock, toGroupClock } from '../app/dates';

/**
 * Date inputs whose form values are the API's `YYYY-MM-DD` strings and ISO timestamps (the other inputs: inputs.tsx).
 * Apart, so that only the screens with a date field load antd's date picker.
 */

type TextValueProps = { value?: string | null; onChange?: (v: string | null) => void; 'data-testid'?: string };

/** A date (or month) picker whose form value is a `YYYY-MM-DD` (`YYYY-MM`) string. */
export function DateInput({ value, onChange, ...rest }: TextValueProps & { allowClear?: boolean; picker?: 'date' | 'month' }) {
  const fmt = rest.picker === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  return (
    <DatePicker
      style={{ width: '100%' }}
      picker={rest.picker}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format(fmt) : null)}
      allowClear={rest.allowClear ?? true}
      data-testid={rest['data-testid']}
    />
  );
}

/** A date-time picker whose form value is an ISO timestamp; it shows and takes the group's wall-clock time. */
export function DateTimeInput({ value, onChange, ...rest }: TextValueProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      value={toGroupClock(value)}
      onChange={(d) => onChange?.(d ? fromGroupClock(d) : null)}
      data-testid={rest['data-testid']}
    />
  );
}

/** A form field with a date picker whose value is the `YYYY-MM-DD` string the API takes. */
export function DateItem({ testId, placeholder, ...props }: FormItemProps & { testId: string; placeholder?: string }) {
  return (
    <Form.Item
      {...props}
      getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
      normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
    >
      <DatePicker style={{ width: '100%' }} data-testid={testId} placeholder={placeholder} />
    </Form.Item>
  );
}
