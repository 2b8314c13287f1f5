import { useState } from 'react';
import { Button, Checkbox, Descriptions, Drawer, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { groupCreateBody, groupUpdateBody, type GroupRow, type GroupUserRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { CrudModal } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { AddressAndInvoiceFields, ContactFields } from './business-fields';
import { useSaveGroup, useDeleteGroup, useGroups, useGroupStaff, useSetGroupStaff } from './hooks';
import { StoresPanel } from './stores-panel';

const CURRENCIES = ['TWD', 'MYR', 'JPY', 'CNY', 'HKD', 'USD', 'SGD'];
const TIME_ZONES = ['Asia/Taipei', 'Asia/Kuala_Lumpur', 'Asia/Tokyo', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Singapore', 'UTC'];

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

type GroupForm = {
  name: string;
  responsiblePerson: string;
  address: string;
  phone: string;
  unifiedNumber: string;
  issuesInvoice: boolean;
  currency: string;
  timeZone: string;
};

function GroupFormModal({ row, onClose }: { row: GroupRow | null; onClose: (created?: GroupRow) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupForm>();
  const rules = zodRules(row ? groupUpdateBody : groupCreateBody);
  const save = useSaveGroup();
  const initial: GroupForm = {
    name: row?.name ?? '',
    responsiblePerson: row?.responsiblePerson ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    unifiedNumber: row?.unifiedNumber ?? '',
    issuesInvoice: row?.issuesInvoice ?? false,
    currency: row?.currency ?? 'TWD',
    timeZone: row?.timeZone ?? 'Asia/Taipei',
  };
  return (
    <CrudModal<GroupForm, GroupRow>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values })}
      width={680}
      title={row ? t('system.group.edit') : t('system.group.add')}
      okTestId="group-form-save"
      errorAlert
      initialValues={initial}
      formTestId="group-form"
      onDone={(saved) => onClose(row ? undefined : saved)}
      onClose={() => onClose()}
    >
      <Form.Item name="name" label={t('system.field.groupName')} required rules={rules('name')}>
        <Input data-testid="group-form-name" />
      </Form.Item>
      <Space wrap size={16} style={{ width: '100%' }}>
        <ContactFields rules={rules} prefix="group-form" widths={[240, 240]} />
      </Space>
      <AddressAndInvoiceFields rules={rules} prefix="group-form" />
      <Space wrap size={16} style={{ width: '100%' }}>
        <Form.Item name="currency" label={t('system.field.currency')} required rules={rules('currency')} style={{ minWidth: 160 }}>
          <Select data-testid="group-form-currency" showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="timeZone" label={t('system.field.timeZone')} required rules={rules('timeZone')} style={{ minWidth: 220 }}>
          <Select data-testid="group-form-timezone" showSearch options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
      </Space>
    </CrudModal>
  );
}

function GroupDrawer({ group, onClose }: { group: GroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open onClose={onClose} size={1100} title={`${t('system.group.detail')} — ${group.name}`} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'stores',
            label: <span data-testid="group-tab-stores">{t('system.group.storesTab')}</span>,
            children: <StoresPanel groupId={group.id} screen="Group" currency={group.currency} />,
          },
          {
            key: 'staff',
            label: <span data-testid="group-tab-staff">{t('system.group.staffTab')}</span>,
            children: <GroupStaff groupId={group.id} />,
          },
          {
            key: 'info',
            label: t('system.group.info'),
            children: (
              <Descriptions
                bordered
                size="small"
                column={1}
                items={[
                  { key: 'name', label: t('system.field.groupName'), children: group.name },
                  { key: 'rp', label: t('system.field.responsiblePerson'), children: group.responsiblePerson },
                  { key: 'phone', label: t('system.field.phone'), children: group.phone },
                  { key: 'address', label: t('system.field.address'), children: group.address },
                  { key: 'ubn', label: t('system.field.unifiedNumber'), children: group.unifiedNumber },
                  { key: 'inv', label: t('system.field.issuesInvoice'), children: group.issuesInvoice ? t('common.yes') : t('common.no') },
                  { key: 'cur', label: t('system.field.currency'), children: group.currency },
                  { key: 'tz', label: t('system.field.timeZone'), children: group.timeZone },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** The group's staff (seed "store group: staff") and which of them are group-level. */
function GroupStaff({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const staff = useGroupStaff(groupId);
  const save = useSetGroupStaff();
  const [picked, setPicked] = useState<number[] | null>(null);
  const current = picked ?? (staff.data?.items ?? []).filter((u) => u.allStores).map((u) => u.id);
  const submit = () =>
    save.mutate(
      { groupId, userIds: current },
      {
        onSuccess: () => {
          showSuccess(t('feedback.success.personnelSet'));
          setPicked(null);
        },
      },
    );
  return (
    <div data-testid="group-staff">
      <Typography.Paragraph type="secondary">{t('system.group.staffHint')}</Typography.Paragraph>
      <SmallTable<GroupUserRow>
        rowKey="id"
        loading={staff.isLoading}
        rows={staff.data?.items ?? []}
        columns={[
          {
            title: t('system.group.groupLevel'),
            key: 'all',
            width: 160,
            render: (_, u) => (
              <Checkbox
                data-testid={`group-user-${u.id}`}
                checked={current.includes(u.id)}
                onChange={(e) => setPicked(e.target.checked ? [...current, u.id] : current.filter((x) => x !== u.id))}
              />
            ),
          },
          { title: t('system.field.account'), dataIndex: 'account' },
          { title: t('system.field.name'), dataIndex: 'name' },
          { title: t('system.field.email'), dataIndex: 'email' },
          { title: t('system.field.role'), dataIndex: 'roleName' },
          { title: t('system.field.active'), dataIndex: 'active', render: (v: boolean) => (v ? t('common.active') : t('common.inactive')) },
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        disabled={picked === null}
        loading={save.isPending}
        onClick={submit}
        data-testid="group-staff-save"
      >
        {t('common.save')}
      </Button>
    </div>
  );
}
