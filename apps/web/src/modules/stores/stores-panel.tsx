import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  currencyMinorDigits,
  fromMinorUnits,
  storeCreateBody,
  storeUpdateBody,
  toMinorUnits,
  type ScreenKey,
  type StoreRow,
} from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn } from '../../components/columns';
import { PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { CrudModal, SaveModal } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { AddressAndInvoiceFields, ContactFields } from './business-fields';
import { useBackgroundUsers, useSaveStore, useDeleteStore, useSetStoreStaff, useStoreStaff, useStores } from './hooks';
import { lazyComponent } from '../../app/lazy';

// Leaflet loads only when the map is shown.
const LocationPicker = lazyComponent(
  () => import('./location-picker'),
  (m) => m.LocationPicker,
);

type StoreForm = {
  name: string;
  responsiblePerson: string;
  address: string;
  phone: string;
  unifiedNumber: string;
  customerGasPrice: number;
  storeGasPrice: number;
  issuesInvoice: boolean;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The stores of one store group: list (money in the group's currency), add/edit with the location on
 * a map, soft delete, and which staff work in each store. Used by Group (platform administrator) and
 * UserManagement (the group's own managers). `currency`: the group's currency, for a new store's
 * prices (the platform admin has no group of its own).
 */
export function StoresPanel({ groupId, screen, currency }: { groupId: number; screen: ScreenKey; currency?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<StoreRow | 'new' | null>(null);
  const [staffOf, setStaffOf] = useState<StoreRow | null>(null);
  const list = useStores({ groupId, keyword });
  const remove = useDeleteStore();
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const price = (key: 'customerGasPrice' | 'storeGasPrice'): DataTableColumn<StoreRow> => ({
    title: t(`system.field.${key}`),
    dataIndex: key,
    align: 'right',
    render: (v: number, r) => money.format(v, r.currency),
    exportValue: (r) => fromMinorUnits(r[key], r.currency),
  });

  const columns: DataTableColumn<StoreRow>[] = [
    { title: t('system.field.storeName'), dataIndex: 'name' },
    { title: t('system.field.responsiblePerson'), dataIndex: 'responsiblePerson' },
    { title: t('system.field.phone'), dataIndex: 'phone' },
    { title: t('system.field.address'), dataIndex: 'address' },
    { title: t('system.field.unifiedNumber'), dataIndex: 'unifiedNumber' },
    price('customerGasPrice'),
    price('storeGasPrice'),
    { title: t('system.field.issuesInvoice'), dataIndex: 'issuesInvoice', render: yesNo, exportValue: (r) => yesNo(r.issuesInvoice) },
    {
      title: t('system.field.location'),
      key: 'location',
      render: (_, r) =>
        r.latitude !== null ? <Tag icon={<EnvironmentOutlined />}>{`${r.latitude.toFixed(4)}, ${r.longitude!.toFixed(4)}`}</Tag> : null,
      exportValue: (r) => (r.latitude !== null ? `${r.latitude}, ${r.longitude}` : null),
    },
    { title: t('system.field.userCount'), dataIndex: 'userCount', align: 'right' },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen={screen}
        testId="store"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleteNote={t('system.store.deleteNote')}
        extra={
          canDo(me, screen, 'edit') ? (
            <Button size="small" icon={<TeamOutlined />} onClick={() => setStaffOf(r)} data-testid="store-users">
              {t('system.store.users')}
            </Button>
          ) : null
        }
      />
    )),
  ];

  return (
    <div data-testid="stores-panel">
      <PagedTable<StoreRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen={screen} onClick={() => setEditing('new')} testId="store-add">
              {t('system.store.add')}
            </AddButton>
            <SearchBox placeholder={t('system.store.searchPlaceholder')} onSearch={setKeyword} testId="store-search" />
          </>
        }
      />
      {editing ? (
        <StoreFormModal
          groupId={groupId}
          groupCurrency={currency}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {staffOf ? <StoreUsersModal store={staffOf} onClose={() => setStaffOf(null)} /> : null}
    </div>
  );
}

function StoreFormModal({
  groupId,
  groupCurrency,
  row,
  onClose,
}: {
  groupId: number;
  groupCurrency?: string;
  row: StoreRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<StoreForm>();
  const rules = zodRules(row ? storeUpdateBody : storeCreateBody);
  const save = useSaveStore();
  const currency = row?.currency ?? groupCurrency ?? (me?.groupId === groupId ? me.currency : 'TWD');
  const digits = currencyMinorDigits(currency);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);

  const initial: StoreForm = {
    name: row?.name ?? '',
    responsiblePerson: row?.responsiblePerson ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    unifiedNumber: row?.unifiedNumber ?? '',
    customerGasPrice: row?.customerGasPrice ?? 0,
    storeGasPrice: row?.storeGasPrice ?? 0,
    issuesInvoice: row?.issuesInvoice ?? false,
    latitude: row?.latitude ?? null,
    longitude: row?.longitude ?? null,
  };

  // The form keeps integer minor units (what the API takes); the input shows the currency's major units.
  const moneyItem = (name: 'customerGasPrice' | 'storeGasPrice') => (
    <Form.Item
      name={name}
      label={`${t(`system.field.${name}`)} (${currency})`}
      required
      rules={rules(name)}
      getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? fromMinorUnits(v, currency) : v })}
      normalize={(v: number | null) => (typeof v === 'number' ? toMinorUnits(v, currency) : v)}
      style={{ minWidth: 240 }}
    >
      <InputNumber data-testid={`store-form-${name}`} min={0} precision={digits} step={1} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <CrudModal<StoreForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values, groupId })}
      title={row ? t('system.store.edit') : t('system.store.add')}
      okTestId="store-form-save"
      width={760}
      errorAlert
      initialValues={initial}
      formTestId="store-form"
      onClose={onClose}
    >
      <Space wrap size={16} style={{ width: '100%' }}>
        <Form.Item name="name" label={t('system.field.storeName')} required rules={rules('name')} style={{ minWidth: 300 }}>
          <Input data-testid="store-form-name" />
        </Form.Item>
        <ContactFields rules={rules} prefix="store-form" widths={[200, 180]} />
      </Space>
      <AddressAndInvoiceFields rules={rules} prefix="store-form" />
      <Space wrap size={16} style={{ width: '100%' }}>
        {moneyItem('customerGasPrice')}
        {moneyItem('storeGasPrice')}
      </Space>
      <Form.Item name="latitude" hidden rules={rules('latitude')}>
        <InputNumber />
      </Form.Item>
      <Form.Item name="longitude" hidden rules={rules('longitude')}>
        <InputNumber />
      </Form.Item>
      <Form.Item label={t('system.field.location')}>
        <LocationPicker
          value={{ latitude: latitude ?? initial.latitude, longitude: longitude ?? initial.longitude }}
          onChange={(v) => form.setFieldsValue(v)}
        />
      </Form.Item>
    </CrudModal>
  );
}

function StoreUsersModal({ store, onClose }: { store: StoreRow; onClose: () => void }) {
  const { t } = useTranslation();
  const assigned = useStoreStaff(store.id);
  const people = useBackgroundUsers(store.groupId);
  const save = useSetStoreStaff();
  const [selected, setSelected] = useState<number[] | null>(null);
  const groupLevel = new Set((assigned.data ?? []).filter((u) => u.via === 'group').map((u) => u.id));
  const current = selected ?? (assigned.data ?? []).filter((u) => u.via === 'store').map((u) => u.id);
  const submit = () =>
    save.mutate(
      { storeId: store.id, userIds: current },
      {
        onSuccess: () => {
          showSuccess(t('feedback.success.personnelSet'));
          onClose();
        },
      },
    );
  return (
    <SaveModal
      title={`${t('system.store.users')} — ${store.name}`}
      okTestId="store-users-save"
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('system.store.usersHint')}</Typography.Paragraph>
      <SmallTable
        rowKey="id"
        loading={assigned.isLoading || people.isLoading}
        rows={people.data ?? []}
        columns={[
          {
            key: 'pick',
            width: 48,
            render: (_, u) =>
              groupLevel.has(u.id) ? (
                <Checkbox checked disabled />
              ) : (
                <Checkbox
                  data-testid={`store-user-${u.id}`}
                  checked={current.includes(u.id)}
                  onChange={(e) => setSelected(e.target.checked ? [...current, u.id] : current.filter((x) => x !== u.id))}
                />
              ),
          },
          { title: t('system.field.account'), dataIndex: 'account' },
          { title: t('system.field.name'), dataIndex: 'name' },
          { title: t('system.field.role'), dataIndex: 'roleName' },
          { key: 'via', render: (_, u) => (groupLevel.has(u.id) ? <Tag color="blue">{t('system.store.viaGroup')}</Tag> : null) },
        ]}
      />
    </SaveModal>
  );
}
