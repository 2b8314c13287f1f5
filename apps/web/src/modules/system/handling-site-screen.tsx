import { useState } from 'react';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SITE_TYPES, type SiteRow, type SiteType } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useDeleteSite, useSites } from './hooks';

const SiteFormModal = lazyDialog(
  () => import('./site-modal'),
  (m) => m.SiteFormModal,
);

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
