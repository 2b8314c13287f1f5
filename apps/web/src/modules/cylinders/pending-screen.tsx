import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  mayOverrideInspection,
  PENDING_STATUSES,
  pendingCorrectBody,
  pendingReasonBody,
  type MovementKind,
  type PendingCorrectBody,
  type PendingRow,
  type PendingStatus,
} from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, numberColumn } from '../../components/columns';
import { FormModal } from '../../components/form-modal';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { CustomerSelect } from '../../components/selects';
import { TextItem } from '../../components/inputs';
import { useApplyPending, useCorrectPending, useDiscardPending, usePending } from './hooks';
import { CodeListToolbar, VocabularyFilter } from './list-filters';
import { isGated, MovementSelect, MovementTag, takesCustomer, usePlaceText } from './parts';
import { StockDocumentDrawer, useMayPickCustomers } from './stock-screen';

const reasonRules = zodRules(pendingReasonBody);
const correctRules = zodRules(pendingCorrectBody);

type Action = { kind: 'apply' | 'discard' | 'correct'; row: PendingRow };

/**
 * penddingDataMaintenance: what a stock document or a scan could not apply (unknown cylinder, not
 * possible from where it is, overdue…), and its processing: apply anyway (with a reason), correct
 * (another code, movement or customer, then the normal rules) or discard, each confirmed.
 */
export function PendingDataScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const place = usePlaceText();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<{
    keyword?: string;
    storeId?: number;
    status?: PendingStatus;
    kind?: MovementKind;
    docNo?: string;
    from?: string;
    to?: string;
  }>(() => ({ status: 'unprocessed', docNo: params.get('docNo') ?? undefined }));
  const [action, setAction] = useState<Action | null>(null);
  const [docId, setDocId] = useState<number | null>(null);
  const list = usePending(filters);
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));
  const mayEdit = canDo(me, 'penddingDataMaintenance', 'edit');

  const columns: DataTableColumn<PendingRow>[] = [
    { title: t('cylinders.field.docDate'), dataIndex: 'docDate' },
    {
      title: t('cylinders.field.docNo'),
      dataIndex: 'docNo',
      render: (v: string | null, r) =>
        v && r.documentId ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDocId(r.documentId)}>
            {v}
          </Button>
        ) : (
          (v ?? t(`cylinders.source.${r.source}`))
        ),
    },
    {
      title: t('cylinders.field.pendingStatus'),
      dataIndex: 'status',
      render: (v: PendingStatus, r) => (
        <Tag color={v === 'unprocessed' ? 'orange' : 'default'} data-testid={`pending-status-${r.id}`}>
          {r.resolution ? t(`cylinders.resolution.${r.resolution}`) : t(`cylinders.pendingStatus.${v}`)}
        </Tag>
      ),
      exportValue: (r) => (r.resolution ? t(`cylinders.resolution.${r.resolution}`) : t(`cylinders.pendingStatus.${r.status}`)),
    },
    numberColumn(t('cylinders.field.lineNo'), 'lineNo'),
    {
      title: t('cylinders.ui.container'),
      key: 'container',
      render: (_: unknown, r) => (
        <span data-testid={`pending-code-${r.id}`}>
          {r.containerNo ?? r.code}
          {r.containerNo && r.containerNo !== r.code ? <Typography.Text type="secondary"> ({r.code})</Typography.Text> : null}
        </span>
      ),
      exportValue: (r) => r.containerNo ?? r.code,
    },
    { title: t('cylinders.field.containerSpec'), dataIndex: 'containerSpec' },
    {
      title: t('cylinders.field.prevState'),
      key: 'prev',
      render: (_: unknown, r) => place(r.prevLocationKind, r.prevFill),
      exportValue: (r) => place(r.prevLocationKind, r.prevFill),
    },
    { title: t('cylinders.field.sourceDocNo'), dataIndex: 'sourceDocNo' },
    {
      title: t('cylinders.field.kind'),
      dataIndex: 'kind',
      render: (k: MovementKind) => <MovementTag kind={k} />,
      exportValue: (r) => t(`cylinders.movement.${r.kind}`),
    },
    {
      title: t('cylinders.field.reason'),
      dataIndex: 'reason',
      render: (v: PendingRow['reason']) => <Typography.Text type="danger">{t(`cylinders.problem.${v}`)}</Typography.Text>,
      exportValue: (r) => t(`cylinders.problem.${r.reason}`),
    },
    { title: t('cylinders.field.store'), dataIndex: 'storeName' },
    {
      title: t('cylinders.ui.resolution'),
      key: 'resolution',
      render: (_: unknown, r) =>
        r.resolvedAt ? (
          <span>
            {r.resolutionReason}
            <Typography.Text type="secondary">
              {' '}
              · {r.resolvedByName} {formatDateTime(r.resolvedAt)}
            </Typography.Text>
          </span>
        ) : null,
      exportValue: (r) => (r.resolvedAt ? `${r.resolutionReason ?? ''} · ${r.resolvedByName ?? ''} ${formatDateTime(r.resolvedAt)}` : null),
    },
    actionsColumn(
      t('common.actions'),
      (r) =>
        r.status === 'unprocessed' && mayEdit ? (
          <Space size={4} wrap>
            <Tooltip title={r.cylinderId ? undefined : t('cylinders.problem.unknownCylinder')}>
              <Button
                size="small"
                icon={<CheckOutlined />}
                disabled={!r.cylinderId}
                onClick={() => setAction({ kind: 'apply', row: r })}
                data-testid={`pending-apply-${r.id}`}
              >
                {t('cylinders.ui.applyAnyway')}
              </Button>
            </Tooltip>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setAction({ kind: 'correct', row: r })}
              data-testid={`pending-correct-${r.id}`}
            >
              {t('cylinders.ui.correct')}
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => setAction({ kind: 'discard', row: r })}
              data-testid={`pending-discard-${r.id}`}
            >
              {t('cylinders.ui.discard')}
            </Button>
          </Space>
        ) : null,
      { fixed: 'right' },
    ),
  ];

  return (
    <div data-testid="pending-screen">
      <PagedTable<PendingRow>
        list={list}
        fileName="pending-data"
        columns={columns}
        locale={{ emptyText: t('cylinders.ui.emptyPending') }}
        toolbar={
          <CodeListToolbar filters={filters} set={set} searchTestId="pending-search">
            <Input.Search
              allowClear
              defaultValue={filters.docNo}
              placeholder={t('cylinders.field.docNo')}
              style={{ width: 200 }}
              onSearch={(v) => set({ docNo: v.trim() || undefined })}
              data-testid="pending-docno"
            />
            <VocabularyFilter
              values={PENDING_STATUSES}
              messages="cylinders.pendingStatus"
              placeholder={t('cylinders.field.pendingStatus')}
              value={filters.status}
              onChange={(status) => set({ status })}
              testId="pending-filter-status"
            />
          </CodeListToolbar>
        }
      />
      {action?.kind === 'correct' ? (
        <CorrectModal row={action.row} onClose={() => setAction(null)} />
      ) : action ? (
        <ReasonModal action={action.kind} row={action.row} onClose={() => setAction(null)} />
      ) : null}
      {docId !== null ? <StockDocumentDrawer id={docId} onClose={() => setDocId(null)} /> : null}
    </div>
  );
}

/** What the pending item is, in one line: its code, movement and why it waits. */
function PendingSummary({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph>
      <Typography.Text strong>{row.containerNo ?? row.code}</Typography.Text> · <MovementTag kind={row.kind} />
      <Typography.Text type="danger">{t(`cylinders.problem.${row.reason}`)}</Typography.Text>
    </Typography.Paragraph>
  );
}

/** Apply anyway / discard: a reason, and a confirmation naming what happens. */
function ReasonModal({ action, row, onClose }: { action: 'apply' | 'discard'; row: PendingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<{ reason: string }>();
  const apply = useApplyPending();
  const discard = useDiscardPending();
  const needsManager = action === 'apply' && isGated(row.kind) && (row.reason === 'overdue' || row.reason === 'endOfLife');
  return (
    <FormModal<{ reason: string }>
      form={form}
      title={t(action === 'apply' ? 'cylinders.ui.applyTitle' : 'cylinders.ui.discardTitle')}
      okText={t(action === 'apply' ? 'cylinders.ui.applyAnyway' : 'cylinders.ui.discard')}
      okTestId="pending-confirm"
      okDanger={action === 'discard'}
      onSubmit={(values) => (action === 'apply' ? apply : discard).mutateAsync({ id: row.id, reason: values.reason })}
      success={t(action === 'apply' ? 'cylinders.success.pendingApplied' : 'cylinders.success.pendingDiscarded')}
      onClose={onClose}
      intro={
        <>
          <PendingSummary row={row} />
          <Alert
            type={action === 'apply' ? 'warning' : 'info'}
            showIcon
            title={t(action === 'apply' ? 'cylinders.ui.applyExplain' : 'cylinders.ui.discardExplain')}
            style={{ marginBottom: 12 }}
          />
          {needsManager && me && !mayOverrideInspection(me) ? (
            <Alert type="error" showIcon title={t('cylinders.error.overrideForbidden')} style={{ marginBottom: 12 }} />
          ) : null}
        </>
      }
    >
      <Form.Item name="reason" label={t('cylinders.field.reason')} rules={reasonRules('reason')} required>
        <Input.TextArea rows={2} maxLength={200} autoFocus data-testid="pending-reason" />
      </Form.Item>
    </FormModal>
  );
}

/** Correct: another code (a misread label), another movement or customer, then the normal rules; still refused → it stays. */
function CorrectModal({ row, onClose }: { row: PendingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<PendingCorrectBody>>();
  const correct = useCorrectPending();
  const mayPickCustomers = useMayPickCustomers();
  const kind = (Form.useWatch('kind', form) as MovementKind | undefined) ?? row.kind;
  return (
    <FormModal<Partial<PendingCorrectBody>>
      form={form}
      title={t('cylinders.ui.correctTitle')}
      okText={t('cylinders.ui.correct')}
      okTestId="pending-confirm"
      onSubmit={(values) => correct.mutateAsync({ id: row.id, body: values })}
      success={t('cylinders.success.pendingApplied')}
      onClose={onClose}
      initialValues={{ code: row.code, kind: row.kind, customerId: row.customerId }}
      intro={<PendingSummary row={row} />}
    >
      <Form.Item name="code" label={t('cylinders.field.codes')} rules={correctRules('code')}>
        <Input maxLength={40} autoComplete="off" data-testid="pending-correct-code" />
      </Form.Item>
      <Form.Item name="kind" label={t('cylinders.field.kind')} rules={correctRules('kind')}>
        <MovementSelect data-testid="pending-correct-kind" />
      </Form.Item>
      {takesCustomer(kind) && mayPickCustomers ? (
        <Form.Item name="customerId" label={t('cylinders.field.customer')} rules={correctRules('customerId')}>
          <CustomerSelect storeId={row.storeId} />
        </Form.Item>
      ) : null}
      <TextItem name="reason" label={t('cylinders.field.reason')} rules={correctRules('reason')} maxLength={200} />
    </FormModal>
  );
}
