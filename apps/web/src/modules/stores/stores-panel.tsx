import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { EnvironmentOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  currencyMinorDigits,
  formatMoneyMinor,
  fromMinorUnits,
  storeCreateBody,
  storeUpdateBody,
  toMinorUnits,
  type ScreenKey,
  type StoreRow,
  type StoreUserRow,
} from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useBackgroundUsers } from '../system/lookups';
import { useInvalidateSystem, usePagedList } from '../system/use-paged-list';
import { LocationPicker } from './location-picker';
import { canDo } from '../../app/permissions';
import { RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';

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
 * UserManagement (the group's own managers).
 */
/** `currency`: the group's currency, for a new store's prices (the platform admin has no group of its own). */
export function StoresPanel({ groupId, screen, currency }: { groupId: number; screen: ScreenKey; currency?: string }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateSystem();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<StoreRow | 'new' | null>(null);
  const [staffOf, setStaffOf] = useState<StoreRow | null>(null);
  const list = usePagedList<StoreRow>('/store', { groupId, keyword });
  const money = (v: number, r: StoreRow) => formatMoneyMinor(v, r.currency, i18n.language);

  const remove = useMutation({
    mutationFn: (id: number) => api.delete('/store', { id }),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });

  const columns: DataTableColumn<StoreRow>[] = [
    { title: t('system.field.storeName'), dataIndex: 'name' },
    { title: t('system.field.responsiblePerson'), dataIndex: 'responsiblePerson' },
    { title: t('system.field.phone'), dataIndex: 'phone' },
    { title: t('system.field.address'), dataIndex: 'address' },
    { title: t('system.field.unifiedNumber'), dataIndex: 'unifiedNumber' },
    {
      title: t('system.field.customerGasPrice'),
      dataIndex: 'customerGasPrice',
      align: 'right',
      render: money,
      exportValue: (r) => fromMinorUnits(r.customerGasPrice, r.currency),
    },
    {
      title: t('system.field.storeGasPrice'),
      dataIndex: 'storeGasPrice',
      align: 'right',
      render: money,
      exportValue: (r) => fromMinorUnits(r.storeGasPrice, r.currency),
    },
    {
      title: t('system.field.issuesInvoice'),
      dataIndex: 'issuesInvoice',
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
      exportValue: (r) => (r.issuesInvoice ? t('common.yes') : t('common.no')),
    },
    {
      title: t('system.field.location'),
      key: 'location',
      render: (_, r) =>
        r.latitude !== null ? <Tag icon={<EnvironmentOutlined />}>{`${r.latitude.toFixed(4)}, ${r.longitude!.toFixed(4)}`}</Tag> : null,
      exportValue: (r) => (r.latitude !== null ? `${r.latitude}, ${r.longitude}` : null),
    },
    { title: t('system.field.userCount'), dataIndex: 'userCount', align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <RowActions
          testId="store"
          canEdit={canDo(me, screen, 'edit')}
          canDelete={canDo(me, screen, 'delete')}
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
      ),
    },
  ];

  return (
    <div data-testid="stores-panel">
      <DataTable<StoreRow>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll }}
        toolbar={
          <>
            {canDo(me, screen, 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="store-add">
                {t('system.store.add')}
              </Button>
            ) : null}
            <SearchBox placeholder={t('system.store.searchPlaceholder')} onSearch={setKeyword} testId="store-search" />
          </>
        }
      />
      {editing ? <StoreFormModal groupId={groupId} groupCurrency={currency} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {staffOf ? <StoreUsersModal store={staffOf} onClose={() => setStaffOf(null)} /> : null}
    </div>
  );
}

function StoreFormModal({ groupId, groupCurrency, row, onClose }: { groupId: number; groupCurrency?: string; row: StoreRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateSystem();
  const [form] = Form.useForm<StoreForm>();
  const rules = zodRules(row ? storeUpdateBody : storeCreateBody);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const currency = row?.currency ?? groupCurrency ?? (me?.groupId === groupId ? me.currency : 'TWD');
  const digits = currencyMinorDigits(currency);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);

  const initial: StoreForm = row
    ? {
        name: row.name,
        responsiblePerson: row.responsiblePerson ?? '',
        address: row.address ?? '',
        phone: row.phone ?? '',
        unifiedNumber: row.unifiedNumber ?? '',
        customerGasPrice: row.customerGasPrice,
        storeGasPrice: row.storeGasPrice,
        issuesInvoice: row.issuesInvoice,
        latitude: row.latitude,
        longitude: row.longitude,
      }
    : {
        name: '',
        responsiblePerson: '',
        address: '',
        phone: '',
        unifiedNumber: '',
        customerGasPrice: 0,
        storeGasPrice: 0,
        issuesInvoice: false,
        latitude: null,
        longitude: null,
      };

  const submit = async () => {
    setError(null);
    let values: StoreForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { ...initial, ...values, groupId, ...(row ? { id: row.id } : {}) };
    setSaving(true);
    try {
      if (row) await api.put('/store', body, { silent: [400, 409] });
      else await api.post('/store', body, { silent: [400, 409] });
      showSuccess(t(row ? 'feedback.success.edited' : 'feedback.success.added'));
      void invalidate();
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
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
    <Modal
      open
      title={row ? t('system.store.edit') : t('system.store.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'store-form-save' } as ButtonProps}
      destroyOnHidden
      width={760}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<StoreForm> form={form} layout="vertical" initialValues={initial} data-testid="store-form">
        <Space wrap size={16} style={{ width: '100%' }}>
          <Form.Item name="name" label={t('system.field.storeName')} required rules={rules('name')} style={{ minWidth: 300 }}>
            <Input data-testid="store-form-name" />
          </Form.Item>
          <Form.Item
            name="responsiblePerson"
            label={t('system.field.responsiblePerson')}
            rules={rules('responsiblePerson')}
            style={{ minWidth: 200 }}
          >
            <Input data-testid="store-form-responsible" />
          </Form.Item>
          <Form.Item name="phone" label={t('system.field.phone')} rules={rules('phone')} style={{ minWidth: 180 }}>
            <Input data-testid="store-form-phone" />
          </Form.Item>
        </Space>
        <Form.Item name="address" label={t('system.field.address')} rules={rules('address')}>
          <Input data-testid="store-form-address" />
        </Form.Item>
        <Space wrap size={16} style={{ width: '100%' }}>
          <Form.Item
            name="unifiedNumber"
            label={t('system.field.unifiedNumber')}
            rules={rules('unifiedNumber')}
            dependencies={['issuesInvoice']}
            style={{ minWidth: 200 }}
          >
            <Input data-testid="store-form-ubn" maxLength={8} placeholder={t('common.eightDigits')} />
          </Form.Item>
          <Form.Item name="issuesInvoice" label={t('system.field.issuesInvoice')} valuePropName="checked">
            <Switch data-testid="store-form-invoice" />
          </Form.Item>
        </Space>
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
      </Form>
    </Modal>
  );
}

function StoreUsersModal({ store, onClose }: { store: StoreRow; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateSystem();
  const assigned = useQuery({
    queryKey: ['system', 'storeuser', store.id],
    queryFn: ({ signal }) => api.get<StoreUserRow[]>('/store/storeuser', { signal, query: { storeId: store.id } }),
  });
  const people = useBackgroundUsers(store.groupId);
  const [selected, setSelected] = useState<number[] | null>(null);
  const groupLevel = new Set((assigned.data ?? []).filter((u) => u.via === 'group').map((u) => u.id));
  const current = selected ?? (assigned.data ?? []).filter((u) => u.via === 'store').map((u) => u.id);
  const save = useMutation({
    mutationFn: () => api.put('/store/storeuser', { storeId: store.id, userIds: current }),
    onSuccess: () => {
      showSuccess(t('feedback.success.personnelSet'));
      void invalidate();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`${t('system.store.users')} — ${store.name}`}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'store-users-save' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('system.store.usersHint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        loading={assigned.isLoading || people.isLoading}
        pagination={false}
        dataSource={people.data ?? []}
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
    </Modal>
  );
}
