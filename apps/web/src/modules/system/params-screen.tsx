import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ParamRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { lazyDialog } from '../../app/lazy';
import { actionsColumn, momentColumn } from '../../components/columns';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useGroupOptions } from '../stores/hooks';
import { useParamSettings, useResetParam } from './hooks';

const ParamModal = lazyDialog(
  () => import('./param-modal'),
  (m) => m.ParamModal,
);

/** ParamsSetting (platform administrator): every constant of the registry, platform defaults and per-group values. */
export function ParamsSettingScreen() {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ParamRow | null>(null);
  const groups = useGroupOptions();
  const groupName = groups.data?.find((g) => g.id === groupId)?.name ?? '';
  const list = useParamSettings({ groupId: groupId ?? undefined, keyword });
  const reset = useResetParam();
  const columns: DataTableColumn<ParamRow>[] = [
    { title: t('system.field.code'), dataIndex: 'code' },
    { title: t('system.field.paramName'), dataIndex: 'name' },
    {
      title: t('system.field.type'),
      dataIndex: 'type',
      render: (v: string) => (v === 'number' ? t('system.params.typeNumber') : t('system.params.typeText')),
      exportValue: (r) => (r.type === 'number' ? t('system.params.typeNumber') : t('system.params.typeText')),
    },
    {
      title: t('system.field.range'),
      key: 'range',
      render: (_, r) => (r.min !== null ? `${r.min} – ${r.max}` : ''),
      exportValue: (r) => (r.min !== null ? `${r.min} – ${r.max}` : null),
    },
    { title: t('system.field.defaultValue'), dataIndex: 'defaultValue' },
    { title: t('system.field.platformValue'), dataIndex: 'platformValue' },
    ...(groupId
      ? [
          {
            title: t('system.field.groupValue'),
            dataIndex: 'groupValue',
            render: (v: string | null) => (v === null ? '' : <Tag color="blue">{v}</Tag>),
            exportValue: (r: ParamRow) => r.groupValue,
          } as DataTableColumn<ParamRow>,
        ]
      : []),
    {
      title: t('system.field.effectiveValue'),
      dataIndex: 'effectiveValue',
      render: (v: string) => <b>{v}</b>,
      exportValue: (r) => r.effectiveValue,
    },
    momentColumn(formatDateTimeSeconds, t('common.updatedAt'), 'updatedAt'),
    actionsColumn(t('common.actions'), (r) => (
      <Space size={4}>
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`param-edit-${r.code}`}>
          {t('common.edit')}
        </Button>
        {groupId && r.groupValue !== null ? (
          <Button
            size="small"
            icon={<RollbackOutlined />}
            onClick={() => reset.mutate({ code: r.code, groupId }, { onSuccess: () => showSuccess(t('feedback.success.saved')) })}
            data-testid={`param-reset-${r.code}`}
          >
            {t('system.params.resetOverride')}
          </Button>
        ) : null}
      </Space>
    )),
  ];
  return (
    <>
      <DataTable<ParamRow>
        rowKey="code"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        exportable
        toolbar={
          <>
            <GroupSelect value={groupId} onChange={setGroupId} placeholder={t('system.params.platformDefaults')} />
            <SearchBox placeholder={t('system.params.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('system.params.chooseGroup')}
      </Typography.Paragraph>
      {editing ? <ParamModal row={editing} groupId={groupId} groupName={groupName} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
