import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  type ButtonProps,
  Col,
  Descriptions,
  Drawer,
  Form,
  Grid,
  Input,
  Modal,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  mayOverrideInspection,
  stockDocumentBody,
  type MovementKind,
  type StockDocumentBody,
  type StockDocumentDetail,
  type StockDocumentRow,
} from '@gasops/shared';
import { isApiError } from '../../app/api';
import { formatDateTime, groupTodayIso } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { numberColumn } from '../../components/columns';
import { PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { TextItem } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { CustomerSelect, StoreItem, StoreSelect, useDefaultStoreId } from '../../components/selects';
import { newIdempotencyKey } from '../orders/idempotency-key';
import { CodeList } from './code-list';
import { useCreateStockDocument, useStockDocument, useStockDocuments } from './hooks';
import { HandlingSiteSelect, isGated, MovementSelect, MovementTag, showFormError, takesCustomer, takesSite } from './parts';

const rules = zodRules(stockDocumentBody);

/**
 * Whether the user may search customers: GET /customers/options answers the customer screens and
 * the two cylinder screens that name a customer (a stock document, a pending-data correction).
 */
export const useMayPickCustomers = () => {
  const me = useMe();
  return (
    canDo(me, 'Customer', 'view') ||
    canDo(me, 'DispatchOrder', 'view') ||
    canDo(me, 'CustomerDetail', 'view') ||
    canDo(me, 'CylinderStockMaintenance', 'view') ||
    canDo(me, 'penddingDataMaintenance', 'edit')
  );
};

/** CylinderStockMaintenance: stock documents (one movement kind for a list of cylinders), their lines' results, and a new document. */
export function CylinderStockScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ keyword?: string; storeId?: number; kind?: MovementKind; from?: string; to?: string }>({});
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ id: number; data?: StockDocumentDetail } | null>(null);
  const list = useStockDocuments(filters);
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: DataTableColumn<StockDocumentRow>[] = [
    {
      title: t('cylinders.field.docNo'),
      dataIndex: 'docNo',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown({ id: r.id })} data-testid={`stock-open-${r.id}`}>
          {v}
        </Button>
      ),
    },
    { title: t('cylinders.field.docDate'), dataIndex: 'docDate' },
    {
      title: t('cylinders.field.kind'),
      dataIndex: 'kind',
      render: (k: MovementKind) => <MovementTag kind={k} />,
      exportValue: (r) => t(`cylinders.movement.${r.kind}`),
    },
    { title: t('cylinders.field.store'), dataIndex: 'storeName' },
    { title: t('cylinders.field.sourceDocNo'), dataIndex: 'sourceDocNo' },
    { title: t('cylinders.field.customer'), dataIndex: 'customerName' },
    numberColumn(t('cylinders.ui.lines'), 'lineCount'),
    numberColumn(t('cylinders.lineResult.applied'), 'appliedCount'),
    numberColumn(t('cylinders.lineResult.pending'), 'pendingCount', { render: (v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : v) }),
    { title: t('cylinders.field.overrideReason'), dataIndex: 'overrideReason', ellipsis: true },
    { title: t('cylinders.ui.by'), dataIndex: 'createdByName' },
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v),
      exportValue: (r) => formatDateTime(r.createdAt),
    },
  ];

  return (
    <div data-testid="stock-screen">
      <PagedTable<StockDocumentRow>
        list={list}
        fileName="stock-documents"
        columns={columns}
        locale={{ emptyText: t('cylinders.ui.emptyDocuments') }}
        toolbar={
          <Space wrap>
            <SearchBox
              placeholder={t('cylinders.ui.searchDocument')}
              onSearch={(keyword) => set({ keyword })}
              width={240}
              testId="stock-search"
            />
            <StoreSelect
              allowClear
              placeholder={t('cylinders.ui.allStores')}
              value={filters.storeId}
              onChange={(storeId) => set({ storeId })}
            />
            <MovementSelect allowClear value={filters.kind} onChange={(kind) => set({ kind })} data-testid="stock-filter-kind" />
            <RangeFilter
              value={{ from: filters.from, to: filters.to } as Partial<Range>}
              onChange={(r) => set({ from: r.from, to: r.to })}
            />
            <AddButton screen="CylinderStockMaintenance" onClick={() => setCreating(true)} testId="stock-add">
              {t('cylinders.ui.newDocument')}
            </AddButton>
          </Space>
        }
      />
      {creating ? (
        <StockDocumentModal
          onClose={() => setCreating(false)}
          onDone={(doc) => {
            setCreating(false);
            setShown({ id: doc.id, data: doc });
          }}
        />
      ) : null}
      {shown ? <StockDocumentDrawer id={shown.id} initial={shown.data} onClose={() => setShown(null)} /> : null}
    </div>
  );
}

type DocForm = Partial<Omit<StockDocumentBody, 'codes'>>;

/** A new stock document: movement, date, numbers, the customer or handling site the movement names, and the cylinders. */
function StockDocumentModal({ onClose, onDone }: { onClose: () => void; onDone: (doc: StockDocumentDetail) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<DocForm>();
  const [codes, setCodes] = useState<string[]>([]);
  const [codeErrors, setCodeErrors] = useState<Record<number, string>>({});
  const [codesProblem, setCodesProblem] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const create = useCreateStockDocument();
  const mayPickCustomers = useMayPickCustomers();
  const kind = Form.useWatch('kind', form) as MovementKind | undefined;
  const storeId = Form.useWatch('storeId', form) as number | undefined;
  const mayOverride = !!me && mayOverrideInspection(me);

  const submit = async () => {
    setCodeErrors({});
    setCodesProblem(null);
    let values: DocForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (codes.length === 0) {
      setCodesProblem(t('feedback.validation.atLeastOneCylinder'));
      return;
    }
    try {
      const doc = await create.mutateAsync({ body: { ...values, codes }, idempotencyKey: key.current });
      showSuccess(t('cylinders.success.documentSaved', { applied: doc.appliedCount, pending: doc.pendingCount }));
      onDone(doc);
    } catch (e) {
      if (isApiError(e)) {
        const lines: Record<number, string> = {};
        for (const [field, message] of Object.entries(e.errors)) {
          const m = /^codes\.(\d+)$/.exec(field);
          if (m) lines[Number(m[1])] = message;
          else if (field === 'codes') setCodesProblem(message);
        }
        setCodeErrors(lines);
        if (Object.keys(lines).length > 0 || e.errors.codes) return;
      }
      showFormError(form, e);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t('cylinders.ui.newDocument')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'stock-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form<DocForm>
        form={form}
        layout="vertical"
        data-testid="stock-form"
        initialValues={{ storeId: defaultStoreId, docDate: groupTodayIso() }}
        onValuesChange={(changed: DocForm) => {
          if ('kind' in changed) form.setFieldsValue({ customerId: undefined, handlingSiteId: undefined, overrideReason: undefined });
          if ('storeId' in changed) form.setFieldsValue({ customerId: undefined });
        }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('cylinders.field.kind')} rules={rules('kind')} required>
              <MovementSelect data-testid="stock-kind" showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <StoreItem label={t('common.store')} rules={rules('storeId')} data-testid="stock-store" />
          </Col>
          <Col xs={24} md={8}>
            <DateItem name="docDate" label={t('cylinders.field.docDate')} rules={rules('docDate')} required testId="stock-date" />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="docNo" label={t('cylinders.field.docNo')} rules={rules('docNo')} extra={t('cylinders.ui.docNoHint')}>
              <Input maxLength={40} data-testid="stock-docno" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sourceDocNo" label={t('cylinders.field.sourceDocNo')} rules={rules('sourceDocNo')}>
              <Input maxLength={40} data-testid="stock-source" />
            </Form.Item>
          </Col>
          {takesCustomer(kind) && mayPickCustomers ? (
            <Col xs={24} md={12}>
              <Form.Item name="customerId" label={t('cylinders.field.customer')} rules={rules('customerId')}>
                <CustomerSelect storeId={storeId} data-testid="stock-customer" />
              </Form.Item>
            </Col>
          ) : null}
          {takesSite(kind) ? (
            <Col xs={24} md={12}>
              <Form.Item name="handlingSiteId" label={t('cylinders.field.handlingSite')} rules={rules('handlingSiteId')}>
                <HandlingSiteSelect data-testid="stock-site" />
              </Form.Item>
            </Col>
          ) : null}
          {isGated(kind) && mayOverride ? (
            <Col span={24}>
              <Form.Item
                name="overrideReason"
                label={t('cylinders.field.overrideReason')}
                rules={rules('overrideReason')}
                extra={t('cylinders.ui.overrideHint')}
              >
                <Input maxLength={200} data-testid="stock-override" />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <TextItem name="remark" label={t('cylinders.field.remark')} rules={rules('remark')} maxLength={500} />
          </Col>
        </Row>
      </Form>
      <Typography.Text strong>{t('cylinders.field.codes')}</Typography.Text>
      <CodeList codes={codes} onChange={setCodes} errors={codeErrors} testId="stock-code" />
      {codesProblem ? <Alert type="error" showIcon title={codesProblem} style={{ marginTop: 8 }} /> : null}
    </Modal>
  );
}

/** A stock document and each line's result: applied, or waiting in pending data (with the reason). */
export function StockDocumentDrawer({ id, initial, onClose }: { id: number; initial?: StockDocumentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const q = useStockDocument(initial ? null : id);
  const d = initial ?? q.data;
  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={d ? `${d.docNo} · ${t(`cylinders.movement.${d.kind}`)}` : t('common.detail')}
      data-testid="stock-detail"
      destroyOnHidden
    >
      {d ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {d.pendingCount > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('cylinders.ui.linesPending', { count: d.pendingCount })}
              action={
                <Link to={`/manager/penddingDataMaintenance?docNo=${encodeURIComponent(d.docNo)}`} data-testid="stock-to-pending">
                  {t('menu.penddingDataMaintenance')}
                </Link>
              }
            />
          ) : null}
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('cylinders.field.docDate')}>{d.docDate}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.field.store')}>{d.storeName}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.field.sourceDocNo')}>{d.sourceDocNo}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.field.customer')}>{d.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.lineResult.applied')}>
              <span data-testid="stock-applied-count">{d.appliedCount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cylinders.lineResult.pending')}>
              <span data-testid="stock-pending-count">{d.pendingCount}</span>
            </Descriptions.Item>
            {d.overrideReason ? (
              <Descriptions.Item label={t('cylinders.field.overrideReason')} span={2}>
                {d.overrideReason}
              </Descriptions.Item>
            ) : null}
            {d.remark ? (
              <Descriptions.Item label={t('cylinders.field.remark')} span={2}>
                {d.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <SmallTable
            rowKey="lineNo"
            rows={d.lines}
            pageSize={20}
            onRow={(r) => ({ 'data-testid': `stock-line-${r.lineNo}`, 'data-result': r.result }) as object}
            columns={[
              { title: t('cylinders.field.lineNo'), dataIndex: 'lineNo', width: 60 },
              { title: t('cylinders.field.codes'), dataIndex: 'code' },
              { title: t('cylinders.field.containerNo'), dataIndex: 'containerNo' },
              { title: t('cylinders.field.sizeKg'), dataIndex: 'sizeKg', align: 'right' },
              { title: t('cylinders.field.containerSpec'), dataIndex: 'containerSpec' },
              {
                title: t('cylinders.field.result'),
                dataIndex: 'result',
                render: (v: 'applied' | 'pending') => (
                  <Tag color={v === 'applied' ? 'green' : 'orange'}>{t(`cylinders.lineResult.${v}`)}</Tag>
                ),
              },
              {
                title: t('cylinders.field.reason'),
                dataIndex: 'reason',
                render: (v: string | null) => (v ? t(`cylinders.problem.${v}`) : ''),
              },
            ]}
          />
        </Space>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
