import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, DollarOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CUSTOMER_TYPES } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { BatchPriceModal } from './batch-price';
import { CustomerFormModal, type CustomerRow } from './customer-form';
import { ImportCustomersModal } from './import-customers';
import { MonthlyBillingPanel } from './monthly-billing';
import { CategorySelect, StoreSelect, useInvalidateSales, useMoney, usePaged } from './sales-kit';
import { canDo } from '../../app/permissions';

function CustomerList() {
  const { t } = useTranslation();
  const me = useMe();
  const { fmt } = useMoney();
  const invalidate = useInvalidateSales();
  const [filters, setFilters] = useState<{ keyword?: string; storeId?: number; type?: string; categoryId?: number; inArrears?: string }>({});
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePaged<CustomerRow>('/customers', filters);
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/customers/${id}`),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
  const canEdit = canDo(me, 'Customer', 'edit');
  const columns: DataTableColumn<CustomerRow>[] = [
    {
      title: t('customers.field.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Link to={`/manager/CustomerDetail/${r.id}`} data-testid={`customer-link-${r.id}`}>
          {v}
        </Link>
      ),
    },
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    { title: t('customers.field.type'), dataIndex: 'type', render: (v: string) => t(`customers.type.${v}`), exportValue: (r) => t(`customers.type.${r.type}`) },
    { title: t('customers.field.phone'), dataIndex: 'phone' },
    { title: t('customers.field.address'), dataIndex: 'address', ellipsis: true },
    { title: t('customers.field.category'), dataIndex: 'categoryName' },
    {
      title: t('customers.field.effectivePrice'),
      dataIndex: 'effectiveGasPrice',
      align: 'right',
      render: (v: number, r) => (
        <span>
          {fmt(v)} <Tag>{t(r.gasPrice == null ? 'customers.priceSource.store' : 'customers.priceSource.own')}</Tag>
        </span>
      ),
      exportValue: (r) => fmt(r.effectiveGasPrice),
    },
    {
      title: t('customers.field.inArrears'),
      dataIndex: 'inArrears',
      render: (v: boolean) => (v ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no')),
      exportValue: (r) => (r.inArrears ? t('common.yes') : t('common.no')),
    },
    { title: t('customers.field.unifiedNumber'), dataIndex: 'unifiedNumber' },
    { title: t('customers.field.remark1'), dataIndex: 'remark1', ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          {canEdit ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => {
                setEditing(r);
                setFormOpen(true);
              }}
              data-testid={`customer-edit-${r.id}`}
            />
          ) : null}
          {canDo(me, 'Customer', 'delete') ? (
            <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove.mutate(r.id)}>
              <Button size="small" danger icon={<DeleteOutlined />} data-testid={`customer-delete-${r.id}`} />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  const set = (patch: Partial<typeof filters>) => setFilters({ ...filters, ...patch });
  const { keyword: _k, ...filterForBatch } = filters;
  return (
    <>
      <DataTable<CustomerRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        paging={list.paging}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), preserveSelectedRowKeys: true } : undefined}
        exportable={{ fetchRows: list.fetchAll, fileName: 'customers' }}
        toolbar={
          <Space wrap>
            <Typography.Text strong>{t('customers.title')}</Typography.Text>
            <StoreSelect allowClear value={filters.storeId} onChange={(v) => set({ storeId: v })} data-testid="customer-filter-store" />
            <Select
              allowClear
              placeholder={t('customers.field.type')}
              style={{ width: 170 }}
              value={filters.type}
              onChange={(v) => set({ type: v })}
              options={CUSTOMER_TYPES.map((v) => ({ value: v, label: t(`customers.type.${v}`) }))}
              data-testid="customer-filter-type"
            />
            <CategorySelect kind="customer" value={filters.categoryId} onChange={(v) => set({ categoryId: v })} />
            <Select
              allowClear
              placeholder={t('customers.field.inArrears')}
              style={{ width: 120 }}
              value={filters.inArrears}
              onChange={(v) => set({ inArrears: v })}
              options={[
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
            />
            <SearchInput onSearch={(keyword) => set({ keyword })} testId="customer-search" />
            {canDo(me, 'Customer', 'create') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => {
                  setEditing(null);
                  setFormOpen(true);
                }}
                data-testid="customer-add"
              >
                {t('customers.add')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button icon={<DollarOutlined />} onClick={() => setBatchOpen(true)} data-testid="customer-batch-price">
                {t('customers.batch.button')}
              </Button>
            ) : null}
            {canDo(me, 'Customer', 'create') ? (
              <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="customer-import">
                {t('customers.import.button')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <CustomerFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
      {batchOpen ? (
        <BatchPriceModal
          open
          selectedIds={selected}
          filter={{ ...filterForBatch, keyword: filters.keyword }}
          onClose={() => {
            setBatchOpen(false);
            setSelected([]);
          }}
        />
      ) : null}
      <ImportCustomersModal open={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}

export function SearchInput({ onSearch, testId }: { onSearch: (v: string | undefined) => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      placeholder={t('common.keyword')}
      style={{ width: 240 }}
      enterButton={t('common.search')}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      data-testid={testId ?? 'list-search'}
    />
  );
}

/** Customer (seed §2 store group): the customer list with batch price change and import, and monthly billing. */
export function CustomerScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'list', label: t('customers.title'), children: <CustomerList /> },
        { key: 'billing', label: t('customers.billing.title'), children: <MonthlyBillingPanel /> },
      ]}
      destroyOnHidden
    />
  );
}
