import type { ReactNode } from 'react';
import { Button, Card, Empty, Statistic, Typography } from 'antd';
import { CarOutlined, ExperimentOutlined, RollbackOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenKey } from '@gasops/shared';
import { canView } from '../../app/permissions';
import { useFieldApp, useFieldToday } from './hooks';
import { mapHref, NoDay, QueueList, Section, SyncBar, telHref } from './parts';

const QUICK: { screen: ScreenKey; icon: ReactNode }[] = [
  { screen: 'gasRound', icon: <CarOutlined /> },
  { screen: 'gasReturn', icon: <RollbackOutlined /> },
  { screen: 'gasPackaging', icon: <ExperimentOutlined /> },
  { screen: 'gasExamine', icon: <SafetyCertificateOutlined /> },
];

/**
 * mobileIndex (the field app's home): the person's day — today's deliveries by state, what waits to
 * sync on the phone, quick actions (only the screens their role has), and for an inspector the
 * customers due for a safety inspection.
 */
export function MobileIndexScreen() {
  const { t } = useTranslation();
  const me = useFieldApp();
  const day = useFieldToday();
  const today = day.data?.value;
  const orders = today?.orders ?? [];
  const toDeliver = orders.filter((o) => o.status === 'placed' || o.status === 'not_delivered').length;
  const delivering = orders.filter((o) => o.status === 'delivering').length;
  const done = orders.filter((o) => o.status === 'completed' || o.status === 'payment_posted').length;
  const quick = QUICK.filter((q) => me && canView(me, q.screen));

  return (
    <div data-testid="mobile-index">
      <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('fieldApp.home.greeting', { name: today?.user.name ?? me?.name ?? '' })}
        {today ? (
          <Typography.Text type="secondary" style={{ fontWeight: 400, marginInlineStart: 8 }}>
            {t('fieldApp.home.today', { date: today.today })}
          </Typography.Text>
        ) : null}
      </Typography.Title>
      {!today ? <NoDay error={day.error} /> : null}
      {today && me && canView(me, 'gasRound') ? (
        <Section title={t('fieldApp.home.deliveries')} testId="home-deliveries">
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
            <Statistic title={t('fieldApp.home.toDeliver')} value={toDeliver} data-testid="home-to-deliver" />
            <Statistic title={t('fieldApp.home.delivering')} value={delivering} />
            <Statistic title={t('fieldApp.home.done')} value={done} data-testid="home-done" />
          </div>
        </Section>
      ) : null}
      <Section title={t('fieldApp.sync.title')} testId="home-queue">
        <QueueList limit={10} />
      </Section>
      {quick.length > 0 ? (
        <Section title={t('fieldApp.home.quick')}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 8 }}>
            {quick.map((q) => (
              <Link key={q.screen} to={`/mobile/${q.screen}`} data-testid={`quick-${q.screen}`}>
                <Button size="large" block icon={q.icon} style={{ height: 64, whiteSpace: 'normal' }}>
                  {t(`menu.${q.screen}`)}
                </Button>
              </Link>
            ))}
          </div>
        </Section>
      ) : null}
      {today?.inspections ? (
        <Section title={t('fieldApp.home.inspections')} testId="home-inspections">
          {today.inspections.length === 0 ? <Empty description={t('fieldApp.home.noInspections')} /> : null}
          {today.inspections.slice(0, 20).map((c) => (
            <Card key={c.customerId} size="small" style={{ marginBottom: 8 }} styles={{ body: { padding: 10 } }}>
              <Typography.Text strong>{c.customerName}</Typography.Text>
              <div style={{ fontSize: 13, color: '#555' }}>{c.address}</div>
              <div style={{ fontSize: 12, color: '#888' }}>
                {[
                  c.dueCylinders + c.overdueCylinders > 0
                    ? t('fieldApp.home.dueCylinders', { due: c.dueCylinders, overdue: c.overdueCylinders })
                    : null,
                  c.lastInspectionDate ? t('fieldApp.home.lastInspection', { date: c.lastInspectionDate }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              <div style={{ display: 'flex', gap: 8, marginTop: 6 }}>
                {c.phone ? (
                  <Button href={telHref(c.phone)} style={{ flex: 1 }}>
                    {t('fieldApp.round.call')}
                  </Button>
                ) : null}
                {c.address || c.latitude !== null ? (
                  <Button href={mapHref(c)} target="_blank" rel="noreferrer" style={{ flex: 1 }}>
                    {t('fieldApp.round.map')}
                  </Button>
                ) : null}
              </div>
            </Card>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
