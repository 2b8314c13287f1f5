import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table';

/** A device's two states in the IoT lists, told in the same words by the column and by the filter. */
const STATES = {
  transferred: { title: 'iot.fields.transferState', yes: 'iot.fields.transferred', no: 'iot.fields.notTransferred', colour: 'blue' },
  installed: { title: 'iot.fields.installState', yes: 'iot.fields.installed', no: 'iot.fields.notInstalled', colour: 'green' },
} as const;

type DeviceState = keyof typeof STATES;

/** The column of a device state: a tag (coloured when yes), exported as its words. */
export function stateColumn<R extends { [K in S]: boolean }, S extends DeviceState>(
  t: (key: string) => string,
  state: S,
): DataTableColumn<R> {
  const s = STATES[state];
  return {
    title: t(s.title),
    dataIndex: state,
    render: (v: boolean) => <Tag color={v ? s.colour : 'default'}>{t(v ? s.yes : s.no)}</Tag>,
    exportValue: (r) => t(r[state] ? s.yes : s.no),
  };
}

/** The list filter of a device state: yes, no, or both (cleared). */
export function StateFilter({
  state,
  value,
  onChange,
  testId,
}: {
  state: DeviceState;
  value?: 'yes' | 'no';
  onChange: (v: 'yes' | 'no' | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const s = STATES[state];
  return (
    <Select
      allowClear
      style={{ minWidth: 150 }}
      placeholder={t(s.title)}
      value={value}
      onChange={onChange}
      options={[
        { value: 'yes', label: t(s.yes) },
        { value: 'no', label: t(s.no) },
      ]}
      data-testid={testId}
    />
  );
}
