import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomerLink, CustomerLinkBody } from '@gasops/shared';
import { api } from '../../app/api';
import { formatDateTime } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { useWrite } from '../../components/mutations';

const linkKey = (customerId: number) => ['line', 'customer-link', customerId] as const;
/** How often a card with an outstanding link code asks whether the customer has used it. */
const LINK_POLL_MS = 4_000;

/** A customer's LINE link (docs/LINE.md "Customer linking"): the panel's data and its three writes. */
function useCustomerLink(customerId: number) {
  const path = `/line/customers/${customerId}/link`;
  const keys = [linkKey(customerId)];
  return {
    q: useQuery({
      queryKey: linkKey(customerId),
      queryFn: ({ signal }) => api.get<CustomerLink>(path, { signal }),
      // While a code waits for the customer to send it in the chat, look again now and then: the card turns
      // "linked" by itself once they have.
      refetchInterval: (query) => (query.state.data && !query.state.data.linked && query.state.data.code ? LINK_POLL_MS : false),
    }),
    makeCode: useWrite(() => api.post<CustomerLink>(`${path}/code`), keys),
    save: useWrite((body: CustomerLinkBody) => api.put<CustomerLink>(path, body), keys),
    unlink: useWrite(() => api.delete<CustomerLink>(path), keys),
  };
}

/**
 * CustomerDetail's "LINE link" card: the linked LINE user and the two notice switches (order status,
 * low gas), or a one-time link code for staff to hand to the customer, who sends it in the store's
 * LINE chat to link themselves; a request the customer sent from the chat with their phone shows here
 * for staff to call them with the code. Staff without the Customer edit permission only look.
 */
export function CustomerLinkCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const canEdit = canDo(me, 'Customer', 'edit');
  const { q, makeCode, save, unlink } = useCustomerLink(customerId);
  const link = q.data;
  if (!link) return null;
  const toggle = (patch: Partial<CustomerLinkBody>) =>
    save
      .mutateAsync({ notifyOrders: link.notifyOrders, notifyLowGas: link.notifyLowGas, ...patch })
      .then(() => showSuccess(t('feedback.success.saved')));
  return (
    <Card size="small" title={t('line.link.title')} data-testid="customer-line-link">
      {link.linked ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('line.link.lineUser')}>
              <span data-testid="customer-line-name">{link.lineName ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('line.link.linkedAt')}>{formatDateTime(link.linkedAt)}</Descriptions.Item>
          </Descriptions>
          <Space wrap size="large">
            <Space>
              <Switch
                checked={link.notifyOrders}
                disabled={!canEdit}
                loading={save.isPending}
                onChange={(v) => void toggle({ notifyOrders: v })}
                data-testid="customer-line-notify-orders"
              />
              {t('line.notify.switchOrders')}
            </Space>
            <Space>
              <Switch
                checked={link.notifyLowGas}
                disabled={!canEdit}
                loading={save.isPending}
                onChange={(v) => void toggle({ notifyLowGas: v })}
                data-testid="customer-line-notify-low-gas"
              />
              {t('line.notify.switchLowGas')}
            </Space>
            {canEdit ? (
              <Popconfirm
                title={t('line.link.unlinkConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => unlink.mutateAsync().then(() => showSuccess(t('line.link.unlinked')))}
              >
                <Button danger size="small" data-testid="customer-line-unlink">
                  {t('line.link.unlink')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('line.link.notLinked')}</Typography.Text>
          {link.channelReady ? null : <Alert type="warning" showIcon title={t('line.link.noChannel')} />}
          {link.requests.map((r) => (
            <Alert
              key={r.requestedAt}
              type="info"
              showIcon
              title={t('line.link.requested', { name: r.lineName ?? '—', time: formatDateTime(r.requestedAt), phone: r.phone })}
              data-testid="customer-line-request"
            />
          ))}
          {link.code ? (
            <Space direction="vertical" size={0}>
              <Typography.Text
                copyable={{ text: link.code }}
                strong
                style={{ fontSize: 24, letterSpacing: 4 }}
                data-testid="customer-line-code"
              >
                {link.code}
              </Typography.Text>
              <Typography.Text type="secondary">{t('line.link.codeHint', { date: formatDateTime(link.codeExpiresAt) })}</Typography.Text>
            </Space>
          ) : null}
          {canEdit ? (
            <Button onClick={() => void makeCode.mutateAsync(undefined)} loading={makeCode.isPending} data-testid="customer-line-make-code">
              {t(link.code ? 'line.link.remakeCode' : 'line.link.makeCode')}
            </Button>
          ) : null}
        </Space>
      )}
    </Card>
  );
}
