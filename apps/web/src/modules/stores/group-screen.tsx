import { useState } from 'react';
import { Button } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useDeleteGroup, useGroups } from './hooks';

const GroupFormModal = lazyDialog(
  () => import('./group-modal'),
  (m) => m.GroupFormModal,
);
const GroupDrawer = lazyDialog(
  () => import('./group-drawer'),
  (m) => m.GroupDrawer,
);

/** Group (platform administrator): store groups, their stores on the map and their staff. */
export function GroupScreen() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  const [open, setOpen] = useState<GroupRow | null>(null);
  const list = useGroups({ keyword });
  const remove = useDeleteGroup();
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const columns: DataTableColumn<GroupRow>[] = [
    {
      title: t('system.field.groupName'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(r)} data-testid="group-open">
          {v}
        </Button>
      ),
      exportValue: (r) => r.name,
    },
    { title: t('system.field.responsiblePerson'), dataIndex: 'responsiblePerson' },
    { title: t('system.field.phone'), dataIndex: 'phone' },
    { title: t('system.field.address'), dataIndex: 'address' },
    { title: t('system.field.unifiedNumber'), dataIndex: 'unifiedNumber' },
    { title: t('system.field.issuesInvoice'), dataIndex: 'issuesInvoice', render: yesNo, exportValue: (r) => yesNo(r.issuesInvoice) },
    { title: t('system.field.currency'), dataIndex: 'currency' },
    { title: t('system.field.timeZone'), dataIndex: 'timeZone' },
    { title: t('system.field.storeCount'), dataIndex: 'storeCount', align: 'right' },
    { title: t('system.field.userCount'), dataIndex: 'userCount', align: 'right' },
    momentColumn(formatDateTimeSeconds, t('common.createdAt'), 'createdAt'),
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="Group"
        testId="group"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleteNote={t('system.group.deleteNote')}
        extra={
          <Button size="small" icon={<ShopOutlined />} onClick={() => setOpen(r)} data-testid="group-detail">
            {t('system.group.detail')}
          </Button>
        }
      />
    )),
  ];
  return (
    <>
      <PagedTable<GroupRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen="Group" onClick={() => setEditing('new')} testId="group-add">
              {t('system.group.add')}
            </AddButton>
            <SearchBox placeholder={t('system.group.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? (
        <GroupFormModal
          row={editing === 'new' ? null : editing}
          onClose={(created) => {
            setEditing(null);
            // A new group continues straight into adding its stores.
            if (created) setOpen(created);
          }}
        />
      ) : null}
      {open ? <GroupDrawer group={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
