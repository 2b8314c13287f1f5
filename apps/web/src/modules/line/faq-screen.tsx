import { useState } from 'react';
import { Alert, Button, Empty, Grid, Segmented, Select, Space, Tag, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FAQ_MATCH_MODES, FAQ_STATUSES, type Faq, type FaqStatus } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useDeleteFaq, useFaqs } from './hooks';
import type { Editing } from './faq-modal';

const FaqModal = lazyDialog(
  () => import('./faq-modal'),
  (m) => m.FaqModal,
);

const STATUS_COLOR: Record<FaqStatus, string> = { maintained: 'green', notMaintained: 'default', pending: 'orange' };

/** An FAQ's status as a tag (seed §4: maintained / not maintained / pending). */
function FaqStatusTag({ status }: { status: FaqStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`line.faqStatus.${status}`)}</Tag>;
}

/**
 * Seed §2 faq: keywords and their automatic replies, for all chats or one LINE group. Questions nobody
 * answered come in as pending candidates: "answer" opens one with the reply to write and status maintained.
 */
export function FaqScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [filters, setFilters] = useState<{ status?: FaqStatus; keyword?: string }>({});
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useFaqs(filters);
  const pending = useFaqs({ status: 'pending', pageSize: 1 });
  const remove = useDeleteFaq();
  const mayEdit = canDo(me, 'faq', 'edit');
  const phone = Grid.useBreakpoint().md === false;
  const statusLabels = Object.fromEntries(FAQ_STATUSES.map((s) => [s, t(`line.faqStatus.${s}`)]));
  const modeLabels = Object.fromEntries(FAQ_MATCH_MODES.map((m) => [m, t(`line.matchMode.${m}`)]));
  const columns: DataTableColumn<Faq>[] = [
    { title: t('line.faq.keyword'), dataIndex: 'keyword', render: (v: string, r) => <span data-testid={`faq-keyword-${r.id}`}>{v}</span> },
    { title: t('line.faq.reply'), dataIndex: 'reply', ellipsis: true, width: 280 },
    {
      title: t('line.faq.room'),
      dataIndex: 'roomName',
      render: (v: string | null, r) => (r.roomId === null ? t('line.faq.allRooms') : (v ?? `#${r.roomId}`)),
      exportValue: (r) => (r.roomId === null ? t('line.faq.allRooms') : (r.roomName ?? `#${r.roomId}`)),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (v: FaqStatus) => <FaqStatusTag status={v} />,
      exportLabels: statusLabels,
    },
    { title: t('line.faq.matchMode'), dataIndex: 'matchMode', render: (v: string) => modeLabels[v], exportLabels: modeLabels },
    { title: t('line.faq.priority'), dataIndex: 'priority', align: 'right' },
    momentColumn<Faq>(formatDateTime, t('line.faq.maintainedAt'), 'maintainedAt'),
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="faq"
        testId={`faq-${r.id}`}
        onEdit={() => setEditing({ row: r })}
        onDelete={() => remove.mutateAsync(r.id)}
        extra={
          r.status === 'pending' && mayEdit ? (
            <Tooltip title={t('line.faq.answerHint')}>
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                onClick={() => setEditing({ row: r, answer: true })}
                data-testid={`faq-${r.id}-answer`}
              >
                {t('line.faq.answer')}
              </Button>
            </Tooltip>
          ) : null
        }
      />
    )),
  ];
  const pendingCount = pending.total;
  const showPending = (
    <Button size="small" onClick={() => setFilters({ ...filters, status: 'pending' })} data-testid="faq-show-pending">
      {t('line.faq.showPending')}
    </Button>
  );
  const statusOptions = [
    { value: 'all' as const, label: t('common.all'), testId: 'faq-status-all' },
    ...FAQ_STATUSES.map((s) => ({ value: s, label: statusLabels[s], testId: `faq-status-${s}` })),
  ];
  return (
    <>
      {pendingCount > 0 && filters.status !== 'pending' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="faq-pending-alert"
          title={t('line.faq.pendingAlert', { count: pendingCount })}
          // On a phone the button goes under the words, which keep the width.
          action={phone ? undefined : showPending}
          description={phone ? showPending : undefined}
        />
      ) : null}
      <PagedTable<Faq>
        list={list}
        fileName="faq"
        columns={columns}
        locale={{ emptyText: <Empty description={t(filters.status === 'pending' ? 'line.faq.noPending' : 'line.faq.empty')} /> }}
        toolbar={
          <Space wrap>
            {phone ? (
              <Select<FaqStatus | 'all'>
                style={{ width: 200 }}
                value={filters.status ?? 'all'}
                onChange={(v) => setFilters({ ...filters, status: v === 'all' ? undefined : v })}
                options={statusOptions.map((o) => ({ value: o.value, label: o.label }))}
                aria-label={t('common.status')}
                data-testid="faq-status-filter"
              />
            ) : (
              <Segmented<FaqStatus | 'all'>
                value={filters.status ?? 'all'}
                onChange={(v) => setFilters({ ...filters, status: v === 'all' ? undefined : v })}
                options={statusOptions.map((o) => ({ value: o.value, label: <span data-testid={o.testId}>{o.label}</span> }))}
                data-testid="faq-status-filter"
              />
            )}
            <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={200} testId="faq-search" />
            <AddButton screen="faq" onClick={() => setEditing({ row: null })} testId="faq-add">
              {t('common.add')}
            </AddButton>
          </Space>
        }
      />
      {editing ? <FaqModal editing={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
