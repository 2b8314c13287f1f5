import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { paramValueBody, type ParamRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormModal } from '../../components/form-modal';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useGroupOptions } from '../stores/hooks';
import { useParamSettings, useResetParam, useSetParamValue } from './hooks';

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

type ParamForm = { code: string; groupId: number | null; value: string | number };

function ParamModal({
  row,
  groupId,
  groupName,
  onClose,
}: {
  row: ParamRow;
  groupId: number | null;
  groupName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamForm>();
  const rules = zodRules(paramValueBody);
  const save = useSetParamValue();
  const start = groupId ? (row.groupValue ?? row.platformValue) : row.platformValue;
  return (
    <FormModal<ParamForm>
      form={form}
      title={`${t('system.params.editValue')} — ${row.name}`}
      okTestId="param-form-save"
      errorAlert
      intro={
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={groupId ? t('system.params.scopeGroup', { group: groupName }) : t('system.params.scopePlatform')}
        />
      }
      initialValues={{ code: row.code, groupId, value: row.type === 'number' ? Number(start) : start }}
      onSubmit={(values) => save.mutateAsync({ code: row.code, groupId, value: String(values.value ?? '') })}
      success={t('feedback.success.saved')}
      onClose={onClose}
    >
      <Form.Item name="code" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name="value"
        label={`${row.code} ${t('system.params.useCode', { value: row.defaultValue })}`}
        required
        rules={rules('value')}
        extra={row.min !== null ? `${t('system.field.range')}: ${row.min} – ${row.max}` : undefined}
      >
        {row.type === 'number' ? (
          <InputNumber style={{ width: 220 }} data-testid="param-form-value" />
        ) : (
          <Input data-testid="param-form-value" />
        )}
      </Form.Item>
    </FormModal>
  );
}
