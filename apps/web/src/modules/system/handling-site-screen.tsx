import { useState } from 'react';
import { Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SITE_TYPES, siteBody, type SiteRow, type SiteType } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { CrudModal } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { TextItem } from '../../components/inputs';
import { useSaveSite, useDeleteSite, useSites } from './hooks';

const TYPE_COLOR: Record<SiteType, string> = { filling: 'blue', inspection: 'purple', both: 'cyan' };

/** CylinderHandlingSite (platform administrator): filling and inspection stations. */
export function HandlingSiteScreen() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState<string>();
  const [type, setType] = useState<SiteType | null>(null);
  const [editing, setEditing] = useState<SiteRow | 'new' | null>(null);
  const list = useSites({ keyword, type });
  const remove = useDeleteSite();
  const typeOptions = SITE_TYPES.map((x) => ({ value: x, label: t(`system.site.${x}`) }));
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
    momentColumn(formatDateTimeSeconds, t('common.updatedAt'), 'updatedAt'),
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="CylinderHandlingSite"
        testId="site"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleteNote={t('system.site.deleteNote')}
      />
    )),
  ];
  return (
    <>
      <PagedTable<SiteRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen="CylinderHandlingSite" onClick={() => setEditing('new')} testId="site-add">
              {t('system.site.add')}
            </AddButton>
            <Select
              allowClear
              style={{ minWidth: 160 }}
              placeholder={t('system.field.siteType')}
              value={type ?? undefined}
              onChange={(v) => setType(v ?? null)}
              options={typeOptions}
              data-testid="site-type-filter"
            />
            <SearchBox placeholder={t('system.site.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? (
        <SiteFormModal row={editing === 'new' ? null : editing} typeOptions={typeOptions} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

type SiteForm = { code: string; name: string; type: SiteType | null; address: string; phone: string };

function SiteFormModal({
  row,
  typeOptions,
  onClose,
}: {
  row: SiteRow | null;
  typeOptions: { value: SiteType; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteForm>();
  const rules = zodRules(siteBody);
  const save = useSaveSite();
  const initial: SiteForm = {
    code: row?.code ?? '',
    name: row?.name ?? '',
    type: row?.type ?? null,
    address: row?.address ?? '',
    phone: row?.phone ?? '',
  };
  return (
    <CrudModal<SiteForm>
      form={form}
      row={row}
      save={save}
      title={row ? t('system.site.edit') : t('system.site.add')}
      okTestId="site-form-save"
      errorAlert
      initialValues={initial}
      onClose={onClose}
    >
      <TextItem name="code" label={t('system.field.code')} required rules={rules('code')} testId="site-form-code" />
      <TextItem name="name" label={t('system.field.siteName')} required rules={rules('name')} testId="site-form-name" />
      <Form.Item name="type" label={t('system.field.siteType')} required rules={rules('type')}>
        <Select data-testid="site-form-type" options={typeOptions} />
      </Form.Item>
      <TextItem name="address" label={t('system.field.address')} rules={rules('address')} testId="site-form-address" />
      <TextItem name="phone" label={t('system.field.phone')} rules={rules('phone')} testId="site-form-phone" />
    </CrudModal>
  );
}
