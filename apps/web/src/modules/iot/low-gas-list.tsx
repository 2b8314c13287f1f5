import { Button, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { useKg } from '../../components/format';
import { AlertTags, PercentBar } from './gas-level-badges';
import { useLowGas } from './hooks';

/**
 * The Home dashboard's low residual gas list (below LOW_GAS_PERCENT), lowest first, refreshed every
 * 30 s.
 */
export function LowGasList({ limit = 10 }: { limit?: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const kg = useKg();
  const q = useLowGas(limit);
  const items = q.data?.items ?? [];
  return (
    <div data-testid="low-gas-card">
      {items.length === 0 && !q.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('iot.messages.noLowGas')} />
      ) : (
        <List
          size="small"
          loading={q.isLoading}
          dataSource={items}
          renderItem={(r) => (
            <List.Item
              data-testid={`low-gas-row-${r.serial}`}
              extra={
                <div style={{ width: 160 }}>
                  <PercentBar percent={r.percent} />
                </div>
              }
            >
              <Space orientation="vertical" size={0}>
                <Space size={6} wrap>
                  <Typography.Text strong>{r.customerName}</Typography.Text>
                  <AlertTags kinds={r.alerts.filter((k) => k !== 'lowGas')} />
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    r.customerAddress,
                    r.customerPhone,
                    `${kg(r.remainingGrams, 2)} kg`,
                    r.daysLeft === null ? null : t('iot.messages.days', { n: r.daysLeft }),
                    formatDateTime(r.lastSeenAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      {(q.data?.total ?? 0) > items.length && canDo(me, 'residualGas', 'view') ? (
        <Link to="/manager/residualGas">
          <Button type="link" size="small">
            {t('iot.actions.viewAll')} ({q.data?.total})
          </Button>
        </Link>
      ) : null}
    </div>
  );
}
