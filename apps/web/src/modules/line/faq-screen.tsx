import { useState } from 'react';
import { Alert, Button, Empty, Form, Grid, Input, InputNumber, Segmented, Select, Space, Tag, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FAQ_MATCH_MODES, FAQ_STATUSES, faqBody, type Faq, type FaqBody, type FaqStatus } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { CrudModal, pickFields } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useDeleteFaq, useFaqs, useLineRoomOptions, useSaveFaq } from './hooks';

const rules = zodRules(faqBody);
const STATUS_COLOR: Record<FaqStatus, string> = { maintained: 'green', notMaintained: 'default', pending: 'orange' };

/** An FAQ's status as a tag (seed §4: maintained / not maintained / pending). */
function FaqStatusTag({ status }: { status: FaqStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`line.faqStatus.${status}`)}</Tag>;
}

type Editing = { row: Faq | null; answer?: boolean };

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

function FaqModal({ editing: { row, answer }, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FaqBody>();
  const save = useSaveFaq();
  const rooms = useLineRoomOptions();
  const initial: FaqBody = row
    ? { ...pickFields(row, ['keyword', 'reply', 'matchMode', 'priority', 'roomId']), status: answer ? 'maintained' : row.status }
    : { keyword: '', reply: '', matchMode: 'contains', priority: 0, status: 'maintained', roomId: null };
  return (
    <CrudModal<FaqBody>
      form={form}
      row={row}
      save={save}
      title={t(answer ? 'line.faq.answerTitle' : row ? 'line.faq.edit' : 'line.faq.add')}
      okTestId="faq-save"
      initialValues={initial}
      onClose={onClose}
      intro={answer ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('line.faq.answerHint')} /> : null}
    >
      <Form.Item name="keyword" label={t('line.faq.keyword')} rules={rules('keyword')} required extra={t('line.faq.keywordHint')}>
        <Input maxLength={100} data-testid="faq-form-keyword" />
      </Form.Item>
      <Form.Item name="matchMode" label={t('line.faq.matchMode')} rules={rules('matchMode')}>
        <Select options={FAQ_MATCH_MODES.map((m) => ({ value: m, label: t(`line.matchMode.${m}`) }))} data-testid="faq-form-mode" />
      </Form.Item>
      <Form.Item name="reply" label={t('line.faq.reply')} rules={rules('reply')} dependencies={['status']}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} data-testid="faq-form-reply" autoFocus={answer} />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')} rules={rules('status')}>
        <Select options={FAQ_STATUSES.map((s) => ({ value: s, label: t(`line.faqStatus.${s}`) }))} data-testid="faq-form-status" />
      </Form.Item>
      <Form.Item name="roomId" label={t('line.faq.room')} extra={t('line.faq.roomHint')}>
        <Select<number>
          allowClear
          placeholder={t('line.faq.allRooms')}
          loading={rooms.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(rooms.data ?? []).map((r) => ({ value: r.id, label: `${r.name ?? r.lineId} (${t(`line.roomKind.${r.kind}`)})` }))}
          data-testid="faq-form-room"
        />
      </Form.Item>
      <Form.Item name="priority" label={t('line.faq.priority')} rules={rules('priority')} extra={t('line.faq.priorityHint')}>
        <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="faq-form-priority" />
      </Form.Item>
    </CrudModal>
  );
}
