import { useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import Search from 'antd/es/input/Search';
import { CheckOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PENDING_STATUSES, type MovementKind, type PendingRow, type PendingStatus } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { usePending } from './hooks';
import { CodeListToolbar, VocabularyFilter } from './list-filters';
import { MovementTag, usePlaceText } from './parts';
import { lazyDialog } from '../../app/lazy';

/** The apply / discard reason, the correction and a stock document's lines: loaded with their first opening. */
const ReasonModal = lazyDialog(
  () => import('./pending-dialogs'),
  (m) => m.ReasonModal,
);
const CorrectModal = lazyDialog(
  () => import('./pending-dialogs'),
  (m) => m.CorrectModal,
);
const StockDocumentDrawer = lazyDialog(
  () => import('./stock-document-drawer'),
  (m) => m.StockDocumentDrawer,
);

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
            <Search
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
