import { useState } from 'react';
import { Badge, Button, Empty, Select, Space, Tag } from 'antd';
import { MessageOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LINE_ROOM_KINDS, type LineRoom } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter } from '../../components/filters';
import { SearchBox } from '../../components/search-box';
import { useLineRooms } from './hooks';

// A drawer loaded with its first opening : the conversation (its reply box) and the
// channel settings (their form and zod rules).
const ConversationDrawer = lazyDialog(
  () => import('./conversation'),
  (m) => m.ConversationDrawer,
);
const ChannelSettingsDrawer = lazyDialog(
  () => import('./channel-settings'),
  (m) => m.ChannelSettingsDrawer,
);

/** Seed §2 chatroom: the LINE chats of the store group, each one's conversation and reply box, and the channel settings. */
export function ChatroomScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [filters, setFilters] = useState<{ keyword?: string; storeId?: number; kind?: string }>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const [opened, setOpened] = useState<LineRoom | null>(null);
  const [settings, setSettings] = useState(false);
  const list = useLineRooms(filters);
  // The open room as the list now answers it (the switch and store change it), else as it was opened.
  const room = openId === null ? null : (list.rows.find((r) => r.id === openId) ?? opened);
  const open = (r: LineRoom) => {
    setOpenId(r.id);
    setOpened(r);
  };
  const storeName = (id: number | null) => (id === null ? t('line.field.wholeGroup') : (me?.stores.find((s) => s.id === id)?.name ?? ''));
  const columns: DataTableColumn<LineRoom>[] = [
    {
      title: t('line.chat.name'),
      dataIndex: 'name',
      // A long name, or a room's LINE id when LINE gave no name (`U` + 32 hex digits), ends in "…" in its
      // column (132 px on a phone) and shows whole on hover; the LINE id column beside it shows the id whole.
      render: (_: unknown, r) => (
        <Button
          type="link"
          style={{ padding: 0, maxWidth: '100%' }}
          title={r.name ?? r.lineId}
          onClick={() => open(r)}
          data-testid={`line-room-${r.id}`}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.name ?? r.lineId}</span>
        </Button>
      ),
      exportValue: (r) => r.name ?? '',
    },
    {
      title: t('line.chat.lineId'),
      dataIndex: 'lineId',
      width: 170,
      // 33 characters without a break: wrapped anywhere, so the whole id reads on two lines, phone or not.
      render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>,
    },
    {
      title: t('line.chat.kind'),
      dataIndex: 'kind',
      render: (v: LineRoom['kind']) => t(`line.roomKind.${v}`),
      exportValue: (r) => t(`line.roomKind.${r.kind}`),
    },
    {
      title: t('common.store'),
      dataIndex: 'storeId',
      render: (v: number | null) => storeName(v),
      exportValue: (r) => storeName(r.storeId),
    },
    {
      title: t('common.status'),
      dataIndex: 'active',
      render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={t(v ? 'line.chat.active' : 'line.chat.inactive')} />,
      exportValue: (r) => t(r.active ? 'line.chat.active' : 'line.chat.inactive'),
    },
    {
      title: t('line.chat.staffHandling'),
      dataIndex: 'staffHandling',
      render: (v: boolean) => (v ? <Tag color="gold">{t('line.chat.staffHandlingTag')}</Tag> : <Tag>{t('line.chat.autoReplyTag')}</Tag>),
      exportValue: (r) => t(r.staffHandling ? 'line.chat.staffHandlingTag' : 'line.chat.autoReplyTag'),
    },
    momentColumn<LineRoom>(formatDateTime, t('line.chat.lastMessageAt'), 'lastMessageAt'),
    { title: t('line.chat.lastText'), dataIndex: 'lastText', ellipsis: true, width: 220 },
    actionsColumn(t('common.actions'), (r) => (
      <Button size="small" icon={<MessageOutlined />} onClick={() => open(r)} data-testid={`line-room-open-${r.id}`}>
        {t('line.chat.open')}
      </Button>
    )),
  ];
  return (
    <>
      <PagedTable<LineRoom>
        list={list}
        fileName="line-chats"
        columns={columns}
        onRow={(r) => ({ 'data-testid': `line-room-row-${r.id}` }) as object}
        locale={{ emptyText: <Empty description={t('line.chat.noRooms')} /> }}
        toolbar={
          <Space wrap>
            <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={200} testId="line-room-search" />
            <StoreFilter value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} />
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('line.chat.kind')}
              value={filters.kind}
              onChange={(kind) => setFilters({ ...filters, kind })}
              options={LINE_ROOM_KINDS.map((k) => ({ value: k, label: t(`line.roomKind.${k}`) }))}
              data-testid="line-room-kind"
            />
            <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="line-channel-settings">
              {t('line.channel.title')}
            </Button>
          </Space>
        }
      />
      {room ? <ConversationDrawer room={room} onClose={() => setOpenId(null)} /> : null}
      {settings ? <ChannelSettingsDrawer onClose={() => setSettings(false)} /> : null}
    </>
  );
}
