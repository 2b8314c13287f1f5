import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Grid, Input, Space, Switch, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LINE_TEXT_MAX, type LineMessage, type LineRoom } from '@gasops/shared';
import { isApiError } from '../../app/api';
import { formatDateTime } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { StoreSelect } from '../../components/selects';
import { useRoomMessages, useSaveLineRoom, useSendRoomMessage } from './hooks';

const PAGE = 50;

/** The words of a failed call: the server's own (room inactive, LINE refused with its status) when it gave them. */
export const failureText = (e: unknown) => (isApiError(e) ? (e.detail ?? e.message) : e instanceof Error ? e.message : String(e));

/**
 * One chat room: who it is, the staff-handling switch and its store, the conversation (newest at the
 * bottom, asked again every few seconds) and the reply box.
 */
export function ConversationDrawer({ room, onClose }: { room: LineRoom; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const phone = Grid.useBreakpoint().md === false;
  const [pageSize, setPageSize] = useState(PAGE);
  const messages = useRoomMessages(room.id, pageSize);
  const items = [...(messages.data?.items ?? [])].reverse();
  const more = (messages.data?.total ?? 0) > items.length;
  const saveRoom = useSaveLineRoom();
  const mayEdit = canDo(me, 'chatroom', 'edit');
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = items.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  const changeRoom = (body: { staffHandling?: boolean; storeId?: number | null }) =>
    saveRoom
      .mutateAsync({ id: room.id, body: { staffHandling: room.staffHandling, storeId: room.storeId, ...body } })
      .then(() => showSuccess(t('feedback.success.edited')))
      .catch(() => undefined);

  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : 560}
      destroyOnHidden
      data-testid="line-conversation"
      title={
        <Space wrap size={4}>
          <span data-testid="line-conversation-title" style={{ wordBreak: 'break-all' }}>
            {room.name ?? room.lineId}
          </span>
          <Tag>{t(`line.roomKind.${room.kind}`)}</Tag>
          {!room.active ? <Tag color="red">{t('line.chat.inactive')}</Tag> : null}
        </Space>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap align="center">
        <Switch
          checked={room.staffHandling}
          disabled={!mayEdit}
          loading={saveRoom.isPending}
          onChange={(staffHandling) => void changeRoom({ staffHandling })}
          data-testid="line-staff-handling"
          aria-label={t('line.chat.staffHandling')}
        />
        <span>{t('line.chat.staffHandling')}</span>
        <StoreSelect
          allowClear
          disabled={!mayEdit}
          placeholder={t('line.field.wholeGroup')}
          value={room.storeId ?? undefined}
          onChange={(storeId) => void changeRoom({ storeId: storeId ?? null })}
          data-testid="line-room-store"
          aria-label={t('common.store')}
        />
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(room.staffHandling ? 'line.chat.staffHandlingOn' : 'line.chat.staffHandlingOff')}
      </Typography.Text>
      <div
        style={{ flex: 1, minHeight: 240, overflowY: 'auto', background: '#f5f7fa', borderRadius: 8, padding: 12 }}
        data-testid="line-messages"
        aria-live="polite"
      >
        {more ? (
          <div style={{ textAlign: 'center', marginBottom: 8 }}>
            <Button size="small" onClick={() => setPageSize(pageSize + PAGE)} data-testid="line-messages-more">
              {t('line.chat.earlier')}
            </Button>
          </div>
        ) : null}
        {items.length === 0 && !messages.isLoading ? <Empty description={t('line.chat.noMessages')} /> : null}
        {items.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        <div ref={bottom} />
      </div>
      {canDo(me, 'chatroom', 'create') ? <ReplyBox room={room} /> : null}
    </Drawer>
  );
}

function Bubble({ message: m }: { message: LineMessage }) {
  const { t } = useTranslation();
  const out = m.direction === 'out';
  const how = m.faqId !== null ? t('line.chat.faqReply') : m.sentVia ? t(`line.sentVia.${m.sentVia}`) : null;
  return (
    <div
      style={{ display: 'flex', justifyContent: out ? 'flex-end' : 'flex-start', marginBottom: 10 }}
      data-testid={`line-message-${m.direction}`}
    >
      <div style={{ maxWidth: '80%' }}>
        <div
          style={{
            background: out ? '#c7f5d6' : '#fff',
            border: '1px solid #e5e7eb',
            borderRadius: 12,
            padding: '6px 10px',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {m.text ?? <Typography.Text type="secondary">{t('line.chat.nonText', { type: m.messageType })}</Typography.Text>}
        </div>
        <div style={{ fontSize: 11, color: '#6b7280', marginTop: 2, textAlign: out ? 'right' : 'left' }}>
          {formatDateTime(m.createdAt)}
          {out && m.sentBy ? ` · ${m.sentBy}` : ''}
          {how ? (
            <Tag color={m.faqId !== null ? 'purple' : 'blue'} style={{ marginInlineStart: 6, fontSize: 11 }} data-testid="line-message-how">
              {how}
            </Tag>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function ReplyBox({ room }: { room: LineRoom }) {
  const { t } = useTranslation();
  const send = useSendRoomMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const value = text.trim();
    if (!value) return setError(t('line.validation.text'));
    setError(null);
    try {
      await send.mutateAsync({ roomId: room.id, text: value });
      setText('');
      showSuccess(t('line.chat.sent'));
    } catch (e) {
      setError(failureText(e));
    }
  };
  if (!room.active) return <Alert type="warning" showIcon title={t('line.error.roomInactive')} data-testid="line-reply-inactive" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {error ? <Alert type="error" showIcon title={error} data-testid="line-reply-error" /> : null}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={LINE_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('line.chat.replyPlaceholder')}
        aria-label={t('line.chat.replyPlaceholder')}
        data-testid="line-reply-text"
        onPressEnter={(e) => {
          if (e.ctrlKey || e.metaKey) void submit();
        }}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('line.chat.replyHint')}
        </Typography.Text>
        <Button type="primary" icon={<SendOutlined />} loading={send.isPending} onClick={() => void submit()} data-testid="line-reply-send">
          {t('line.chat.send')}
        </Button>
      </div>
    </Space>
  );
}
