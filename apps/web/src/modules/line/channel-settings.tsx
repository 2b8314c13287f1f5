import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Grid,
  Input,
  Popconfirm,
  Space,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { ApiOutlined, EditOutlined, PlayCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lineChannelBody, type LineChannel, type LineChannelBody, type LineChannelTest } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { StoreSelect } from '../../components/selects';
import { useEndLineChannel, useLineChannels, useSaveLineChannel, useTestLineChannel } from './hooks';

const rules = zodRules(lineChannelBody);

/** The full address LINE posts to: this site's origin and the channel's webhook path. */
export const webhookUrlOf = (channel: LineChannel) => `${window.location.origin}${channel.webhookPath}`;

/**
 * The store group's LINE official account(s), under the chatroom permission (docs/LINE.md): channel id,
 * secret and access token (write-only: shown as set / not set), the webhook URL to paste into the LINE
 * console, and "test connection".
 */
export function ChannelSettingsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const phone = Grid.useBreakpoint().md === false;
  const channels = useLineChannels();
  const [editing, setEditing] = useState<LineChannel | null | undefined>(undefined);
  const list = channels.data ?? [];
  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : 640}
      title={t('line.channel.title')}
      destroyOnHidden
      data-testid="line-channel-drawer"
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('line.channel.intro')}
        </Typography.Paragraph>
        {list.length === 0 && !channels.isLoading ? <Empty description={t('line.error.noChannel')} /> : null}
        {list.map((c) => (
          <ChannelCard key={c.id} channel={c} onEdit={() => setEditing(c)} />
        ))}
        {canDo(me, 'chatroom', 'create') ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="line-channel-add">
            {t('line.channel.add')}
          </Button>
        ) : null}
      </Space>
      {editing !== undefined ? <ChannelModal row={editing} onClose={() => setEditing(undefined)} /> : null}
    </Drawer>
  );
}

function SetTag({ set, testId }: { set: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={set ? 'green' : 'orange'} data-testid={testId}>
      {t(set ? 'line.channel.isSet' : 'line.channel.notSet')}
    </Tag>
  );
}

function ChannelCard({ channel, onEdit }: { channel: LineChannel; onEdit: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const test = useTestLineChannel();
  const [result, setResult] = useState<LineChannelTest | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const storeName = channel.storeId === null ? t('line.field.wholeGroup') : (me?.stores.find((s) => s.id === channel.storeId)?.name ?? '');
  const runTest = async () => {
    setResult(null);
    setTestError(null);
    try {
      setResult(await test.mutateAsync(channel.id));
    } catch (e) {
      setTestError(e instanceof Error ? e.message : String(e));
    }
  };
  const ready = channel.hasSecret && channel.hasAccessToken;
  return (
    <Card
      size="small"
      title={
        <Space wrap size={4}>
          {channel.name}
          {channel.endedAt ? (
            <Tag color="red" data-testid="line-channel-ended">
              {t('line.channel.ended', { date: formatDateTime(channel.endedAt) })}
            </Tag>
          ) : null}
        </Space>
      }
      data-testid={`line-channel-${channel.id}`}
      extra={
        canDo(me, 'chatroom', 'edit') ? (
          <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="line-channel-edit">
            {t('common.edit')}
          </Button>
        ) : null
      }
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('line.channel.channelId')}>{channel.channelId}</Descriptions.Item>
        <Descriptions.Item label={t('common.store')}>{storeName}</Descriptions.Item>
        <Descriptions.Item label={t('line.channel.channelSecret')}>
          <SetTag set={channel.hasSecret} testId="line-channel-secret-state" />
        </Descriptions.Item>
        <Descriptions.Item label={t('line.channel.accessToken')}>
          <SetTag set={channel.hasAccessToken} testId="line-channel-token-state" />
        </Descriptions.Item>
        <Descriptions.Item label={t('common.updatedAt')}>{formatDateTime(channel.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('line.channel.webhookUrl')}
      </Typography.Title>
      <Typography.Paragraph
        code
        copyable={{ text: webhookUrlOf(channel), tooltips: [t('line.channel.copy'), t('line.channel.copied')] }}
        data-testid="line-webhook-url"
        style={{ wordBreak: 'break-all' }}
      >
        {webhookUrlOf(channel)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('line.channel.webhookHint')}
      </Typography.Paragraph>
      {canDo(me, 'chatroom', 'edit') ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button icon={<ApiOutlined />} loading={test.isPending} onClick={() => void runTest()} data-testid="line-channel-test">
            {t('line.channel.test')}
          </Button>
          {!ready ? <Alert type="info" showIcon title={t('line.channel.needCredentials')} /> : null}
          {result?.ok ? (
            <Alert
              type="success"
              showIcon
              data-testid="line-channel-test-result"
              title={t('line.channel.testOk', { botName: result.botName ?? '' })}
              description={
                <>
                  <div>
                    {result.quota !== null
                      ? t('line.channel.quota', { used: result.used ?? 0, quota: result.quota })
                      : t('line.channel.quotaNone', { used: result.used ?? 0 })}
                  </div>
                  <div>{t('line.channel.pushedByGasops', { count: result.pushedByGasops })}</div>
                </>
              }
            />
          ) : null}
          {result && !result.ok ? (
            <Alert
              type="error"
              showIcon
              data-testid="line-channel-test-result"
              title={result.status !== null ? t('line.channel.testRefused', { status: result.status }) : t('line.channel.testUnreachable')}
            />
          ) : null}
          {testError ? <Alert type="error" showIcon data-testid="line-channel-test-result" title={testError} /> : null}
          <EndService channel={channel} />
        </Space>
      ) : null}
    </Card>
  );
}

/**
 * Ends the group's LINE service on the channel (the webhook keeps nothing, no notices are pushed, and the
 * retention period of the conversations starts), or resumes it; both ask first.
 */
function EndService({ channel }: { channel: LineChannel }) {
  const { t } = useTranslation();
  const change = useEndLineChannel();
  const ended = channel.endedAt !== null;
  const run = () =>
    change
      .mutateAsync({ id: channel.id, ended: !ended })
      .then(() => showSuccess(t('feedback.success.edited')))
      .catch(() => undefined);
  return (
    <Popconfirm
      title={t(ended ? 'line.channel.resumeConfirm' : 'line.channel.endConfirm')}
      description={ended ? undefined : <div style={{ maxWidth: 300 }}>{t('line.channel.endNote')}</div>}
      okText={t(ended ? 'line.channel.resume' : 'line.channel.end')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: !ended, 'data-testid': 'line-channel-end-confirm' } as ButtonProps}
      onConfirm={run}
    >
      <Button
        danger={!ended}
        icon={ended ? <PlayCircleOutlined /> : <StopOutlined />}
        loading={change.isPending}
        data-testid="line-channel-end"
      >
        {t(ended ? 'line.channel.resume' : 'line.channel.end')}
      </Button>
    </Popconfirm>
  );
}

function ChannelModal({ row, onClose }: { row: LineChannel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LineChannelBody>();
  const save = useSaveLineChannel();
  // Secret and token are never answered: an edit starts with them empty, and empty keeps the stored ones.
  const keepHint = (set: boolean | undefined) => (row && set ? t('line.channel.keepHint') : undefined);
  return (
    <CrudModal<LineChannelBody>
      form={form}
      row={row}
      save={save}
      title={t(row ? 'line.channel.edit' : 'line.channel.add')}
      okTestId="line-channel-save"
      initialValues={row ? { name: row.name, channelId: row.channelId, storeId: row.storeId } : { name: '', channelId: '', storeId: null }}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('line.channel.name')} rules={rules('name')} required>
        <Input maxLength={60} data-testid="line-channel-name" />
      </Form.Item>
      <Form.Item name="storeId" label={t('common.store')} extra={t('line.channel.storeHint')}>
        <StoreSelect allowClear placeholder={t('line.field.wholeGroup')} data-testid="line-channel-store" />
      </Form.Item>
      <Form.Item name="channelId" label={t('line.channel.channelId')} rules={rules('channelId')} required>
        <Input inputMode="numeric" maxLength={20} data-testid="line-channel-id" />
      </Form.Item>
      <Form.Item
        name="channelSecret"
        label={t('line.channel.channelSecret')}
        rules={[...rules('channelSecret'), { required: !row?.hasSecret, message: t('line.validation.secretRequired') }]}
        required={!row?.hasSecret}
        extra={keepHint(row?.hasSecret)}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={row?.hasSecret ? t('line.channel.isSet') : t('line.channel.notSet')}
          data-testid="line-channel-secret"
        />
      </Form.Item>
      <Form.Item
        name="accessToken"
        label={t('line.channel.accessToken')}
        rules={[...rules('accessToken'), { required: !row?.hasAccessToken, message: t('line.validation.tokenRequired') }]}
        required={!row?.hasAccessToken}
        extra={keepHint(row?.hasAccessToken)}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={row?.hasAccessToken ? t('line.channel.isSet') : t('line.channel.notSet')}
          data-testid="line-channel-token"
        />
      </Form.Item>
    </CrudModal>
  );
}
