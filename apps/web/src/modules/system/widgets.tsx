import { useState } from 'react';
import { DatePicker, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { useGroups } from './lookups';
import { groupToday } from '../../app/dates';

export function DateRangeFilter({ onChange }: { onChange: (from: string | undefined, to: string | undefined) => void }) {
  const [value, setValue] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  return (
    <DatePicker.RangePicker
      value={value}
      data-testid="date-range"
      onChange={(v) => {
        setValue(v as [Dayjs | null, Dayjs | null] | null);
        onChange(v?.[0]?.format('YYYY-MM-DD'), v?.[1]?.format('YYYY-MM-DD'));
      }}
      disabledDate={(d) => d.isAfter(groupToday().endOf('day'))}
    />
  );
}

/** The platform administrator chooses which store group a screen works on; others stay in their own. */
export function GroupSelect({
  value,
  onChange,
  allowClear = true,
  placeholder,
  testId = 'group-select',
}: {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const groups = useGroups();
  return (
    <Select
      data-testid={testId}
      style={{ minWidth: 220 }}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('system.field.group')}
      loading={groups.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

