import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SITE_TYPES, siteBody, type SiteRow, type SiteType } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useInvalidateSystem, usePagedList } from './use-paged-list';
import {  } from './widgets';
import { canDo } from '../../app/permissions';
import { RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { formatDateTimeSeconds } from '../../app/dates';

const TYPE_COLOR: Record<SiteType, string> = { filling: 'blue', inspection: 'purple', both: 'cyan' };

/** CylinderHandlingSite (platform administrator): filling and inspection stations. */
export function HandlingSiteScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateSystem();
  const [keyword, setKeyword] = useState<string>();
  const [type, setType] = useState<SiteType | null>(null);
  const [editing, setEditing] = useState<SiteRow | 'new' | null>(null);
  const list = usePagedList<SiteRow>('/system/handling-sites', { keyword, type });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/system/handling-sites/${id}`),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
  const columns: DataTableColumn<SiteRow>[] = [
    { title: t('system.field.code'), dataIndex: 'code' },
    { title: t('system.field.siteName'), dataIndex: 'name' },
    {
      title: t('system.field.siteType'),
      dataIndex: 'type',
      render: (v: SiteType) => <Tag color={TYPE_COLOR[v]}>{t(`system.site.${v}`)}</Tag>,
      exportValue: (r) => t(`system.site.${r.type}`),
    },
    { title: t('system.field.address'), dataIndex: 'address' },
    { title: t('system.field.phone'), dataIndex: 'phone' },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: formatDateTimeSeconds, exportValue: (r) => formatDateTimeSeconds(r.updatedAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <RowActions
          testId="site"
          canEdit={canDo(me, 'CylinderHandlingSite', 'edit')}
          canDelete={canDo(me, 'CylinderHandlingSite', 'delete')}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
          deleteNote={t('system.site.deleteNote')}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<SiteRow>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll }}
        toolbar={
          <>
            {canDo(me, 'CylinderHandlingSite', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="site-add">
                {t('system.site.add')}
              </Button>
            ) : null}
            <Select
              allowClear
              style={{ minWidth: 160 }}
              placeholder={t('system.field.siteType')}
              value={type ?? undefined}
              onChange={(v) => setType(v ?? null)}
              options={SITE_TYPES.map((x) => ({ value: x, label: t(`system.site.${x}`) }))}
              data-testid="site-type-filter"
            />
            <SearchBox placeholder={t('system.site.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? <SiteFormModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type SiteForm = { code: string; name: string; type: SiteType | null; address: string; phone: string };

function SiteFormModal({ row, onClose }: { row: SiteRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateSystem();
  const [form] = Form.useForm<SiteForm>();
  const rules = zodRules(siteBody);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const values = await form.validateFields();
      return row
        ? api.put(`/system/handling-sites/${row.id}`, values, { silent: [400, 409] })
        : api.post('/system/handling-sites', values, { silent: [400, 409] });
    },
    onSuccess: () => {
      showSuccess(t(row ? 'feedback.success.edited' : 'feedback.success.added'));
      void invalidate();
      onClose();
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  const initial: SiteForm = {
    code: row?.code ?? '',
    name: row?.name ?? '',
    type: row?.type ?? null,
    address: row?.address ?? '',
    phone: row?.phone ?? '',
  };
  return (
    <Modal
      open
      title={row ? t('system.site.edit') : t('system.site.add')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'site-form-save' } as ButtonProps}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<SiteForm> form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="code" label={t('system.field.code')} required rules={rules('code')}>
          <Input data-testid="site-form-code" />
        </Form.Item>
        <Form.Item name="name" label={t('system.field.siteName')} required rules={rules('name')}>
          <Input data-testid="site-form-name" />
        </Form.Item>
        <Form.Item name="type" label={t('system.field.siteType')} required rules={rules('type')}>
          <Select data-testid="site-form-type" options={SITE_TYPES.map((x) => ({ value: x, label: t(`system.site.${x}`) }))} />
        </Form.Item>
        <Form.Item name="address" label={t('system.field.address')} rules={rules('address')}>
          <Input data-testid="site-form-address" />
        </Form.Item>
        <Form.Item name="phone" label={t('system.field.phone')} rules={rules('phone')}>
          <Input data-testid="site-form-phone" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
