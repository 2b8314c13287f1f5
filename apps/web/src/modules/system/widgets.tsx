import type { ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Input, Popconfirm, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { PLATFORM_ONLY_SCREENS, type Action, type Me, type ScreenKey } from '@gasops/shared';
import type { Rule } from 'antd/es/form';
import { zodRule } from '../../app/zod-form';
import { useGroups } from './lookups';

/** `rules(field)`: the antd rule that validates the field with the shared zod schema. */
export function zodRules(schema: z.ZodType) {
  return (field: string): Rule[] => [zodRule(schema, field)];
}

/** Whether the signed-in user may do an action on a screen (display only; the server decides). */
export function canDo(me: Me | undefined, screen: ScreenKey, action: Action): boolean {
  if (!me) return false;
  if (me.isPlatformAdmin) return true;
  if (PLATFORM_ONLY_SCREENS.includes(screen)) return false;
  return me.menu[screen]?.includes(action) ?? false;
}

export function SearchBox({
  placeholder,
  onSearch,
  testId,
}: {
  placeholder: string;
  onSearch: (value: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      placeholder={placeholder || t('common.keyword')}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      style={{ width: 280, maxWidth: '100%' }}
      data-testid={testId ?? 'list-search'}
      enterButton={t('common.search')}
    />
  );
}

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
      disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
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

/** Edit and delete buttons of a row; delete asks first and says what deleting does. */
export function RowActions({
  onEdit,
  onDelete,
  deleteNote,
  canEdit = true,
  canDelete = true,
  extra,
  testId,
}: {
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  deleteNote?: string;
  canEdit?: boolean;
  canDelete?: boolean;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {onEdit && canEdit ? (
        <Tooltip title={t('common.edit')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={onEdit}
            data-testid={testId ? `${testId}-edit` : 'row-edit'}
            aria-label={t('common.edit')}
          />
        </Tooltip>
      ) : null}
      {extra}
      {onDelete && canDelete ? (
        <Popconfirm
          title={t('common.confirmDelete')}
          description={deleteNote ? <div style={{ maxWidth: 280 }}>{deleteNote}</div> : undefined}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' } as ButtonProps}
          onConfirm={() => onDelete().catch(() => undefined)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={testId ? `${testId}-delete` : 'row-delete'}
            aria-label={t('common.delete')}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );
}

export const fmtTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');
