import { useState } from 'react';
import { Button, Select, Space, Tabs, Tag, Typography } from 'antd';
import { DollarOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyComponent, lazyDialog } from '../../app/lazy';
import { Link } from 'react-router';
import { CUSTOMER_TYPES, type CustomerRow, type CustomerType } from '@gasops/shared';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { CategorySelect, StoreSelect } from '../../components/selects';
import { useCustomers, useDeleteCustomer } from './hooks';

/** The customer form and the batch price change: loaded with their first opening. */
const CustomerFormModal = lazyDialog(
  () => import('./customer-form'),
  (m) => m.CustomerFormModal,
);
const BatchPriceModal = lazyDialog(
  () => import('./batch-price'),
  (m) => m.BatchPriceModal,
);
/** Monthly billing, the second tab: loaded when the tab is opened. */
const MonthlyBillingPanel = lazyComponent(
  () => import('../orders/monthly-billing-panel'),
  (m) => m.MonthlyBillingPanel,
);

/** The import dialog (a file reader and its form): loaded when it is opened. */
const ImportCustomersModal = lazyComponent(
  () => import('./import-customers'),
  (m) => m.ImportCustomersModal,
  null,
);

function CustomerList() {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const [filters, setFilters] = useState<{
    keyword?: string;
    storeId?: number;
    type?: CustomerType;
    categoryId?: number;
    inArrears?: string;
  }>({});
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useCustomers(filters);
  const remove = useDeleteCustomer();
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
    {
      title: t('customers.field.type'),
      dataIndex: 'type',
      render: (v: string) => t(`customers.type.${v}`),
      exportValue: (r) => t(`customers.type.${r.type}`),
    },
    { title: t('customers.field.phone'), dataIndex: 'phone' },
    { title: t('customers.field.address'), dataIndex: 'address', ellipsis: true },
    { title: t('customers.field.category'), dataIndex: 'categoryName' },
    {
      title: t('customers.field.effectivePrice'),
      dataIndex: 'effectiveGasPrice',
      align: 'right',
      render: (v: number, r) => (
        <span>
          {money.format(v)} <Tag>{t(r.gasPrice == null ? 'customers.priceSource.store' : 'customers.priceSource.own')}</Tag>
        </span>
      ),
      exportKind: 'money',
    },
    {
      title: t('customers.field.inArrears'),
      dataIndex: 'inArrears',
      render: (v: boolean) => (v ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no')),
      exportValue: (r) => (r.inArrears ? t('common.yes') : t('common.no')),
    },
    { title: t('customers.field.unifiedNumber'), dataIndex: 'unifiedNumber' },
    { title: t('customers.field.remark1'), dataIndex: 'remark1', ellipsis: true },
    actionsColumn(
      t('common.actions'),
      (r) => (
        <RowActions
          screen="Customer"
          editTestId={`customer-edit-${r.id}`}
          deleteTestId={`customer-delete-${r.id}`}
          onEdit={() => {
            setEditing(r);
            setFormOpen(true);
          }}
          onDelete={() => remove.mutateAsync(r.id)}
        />
      ),
      { fixed: 'right' },
    ),
  ];
  const set = (patch: Partial<typeof filters>) => setFilters({ ...filters, ...patch });
  const { keyword: _k, ...filterForBatch } = filters;
  return (
    <>
      <PagedTable<CustomerRow>
        list={list}
        fileName="customers"
        columns={columns}
        rowSelection={
          canEdit ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), preserveSelectedRowKeys: true } : undefined
        }
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
            <SearchBox onSearch={(keyword) => set({ keyword })} width={240} testId="customer-search" />
            <AddButton
              screen="Customer"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              testId="customer-add"
            >
              {t('customers.add')}
            </AddButton>
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
      {importOpen ? <ImportCustomersModal open onClose={() => setImportOpen(false)} /> : null}
    </>
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
