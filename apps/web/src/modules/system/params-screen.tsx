import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paramValueBody, type ParamRow } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useGroups } from './lookups';
import { useInvalidateSystem } from './use-paged-list';
import { GroupSelect } from './widgets';
import { SearchBox } from '../../components/search-box';
import { formatDateTimeSeconds } from '../../app/dates';

/** ParamsSetting (platform administrator): every constant of the registry, platform defaults and per-group values. */
export function ParamsSettingScreen() {
  const { t } = useTranslation();
  const invalidate = useInvalidateSystem();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ParamRow | null>(null);
  const groups = useGroups();
  const groupName = groups.data?.find((g) => g.id === groupId)?.name ?? '';
  const list = useQuery({
    queryKey: ['system', 'params', groupId, keyword],
    queryFn: ({ signal }) =>
      api.get<{ groupId: number | null; items: ParamRow[] }>('/system/params', {
        signal,
        query: { groupId: groupId ?? undefined, keyword },
      }),
  });
  const reset = useMutation({
    mutationFn: (code: string) => api.delete('/system/params', { code, groupId }),
    onSuccess: () => {
      showSuccess(t('feedback.success.saved'));
      void invalidate();
    },
  });
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
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: formatDateTimeSeconds, exportValue: (r) => formatDateTimeSeconds(r.updatedAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`param-edit-${r.code}`}>
            {t('common.edit')}
          </Button>
          {groupId && r.groupValue !== null ? (
            <Button size="small" icon={<RollbackOutlined />} onClick={() => reset.mutate(r.code)} data-testid={`param-reset-${r.code}`}>
              {t('system.params.resetOverride')}
            </Button>
          ) : null}
        </Space>
      ),
    },
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
  const invalidate = useInvalidateSystem();
  const [form] = Form.useForm<{ code: string; groupId: number | null; value: string | number }>();
  const rules = zodRules(paramValueBody);
  const [error, setError] = useState<string | null>(null);
  const start = groupId ? (row.groupValue ?? row.platformValue) : row.platformValue;
  const save = useMutation({
    mutationFn: async () => {
      const values = await form.validateFields();
      return api.put('/system/params', { code: row.code, groupId, value: String(values.value ?? '') }, { silent: [400] });
    },
    onSuccess: () => {
      showSuccess(t('feedback.success.saved'));
      void invalidate();
      onClose();
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  return (
    <Modal
      open
      title={`${t('system.params.editValue')} — ${row.name}`}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'param-form-save' } as ButtonProps}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={groupId ? t('system.params.scopeGroup', { group: groupName }) : t('system.params.scopePlatform')}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ code: row.code, groupId, value: row.type === 'number' ? Number(start) : start }}>
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
      </Form>
    </Modal>
  );
}
