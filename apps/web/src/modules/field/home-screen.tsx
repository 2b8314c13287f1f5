import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenKey } from '@gasops/shared';
import { canView } from '../../app/permissions';
import { useFieldApp, useFieldToday } from './hooks';
import { FlaskIcon, PhoneIcon, PinIcon, ReturnIcon, ShieldIcon, TruckIcon } from './icons';
import { mapHref, NoDay, QueueList, Section, SyncBar, telHref } from './parts';
import { Button, buttonClass, Card, Empty, Stat } from './ui';

const QUICK: { screen: ScreenKey; icon: ReactNode }[] = [
  { screen: 'gasRound', icon: <TruckIcon /> },
  { screen: 'gasReturn', icon: <ReturnIcon /> },
  { screen: 'gasPackaging', icon: <FlaskIcon /> },
  { screen: 'gasExamine', icon: <ShieldIcon /> },
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
    <div data-testid="mobile-index" className="f-screen">
      <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
      <h2 className="f-title">
        {t('fieldApp.home.greeting', { name: today?.user.name ?? me?.name ?? '' })}
        {today ? (
          <span className="f-muted" style={{ fontWeight: 400, fontSize: 14, marginInlineStart: 8, whiteSpace: 'nowrap' }}>
            {t('fieldApp.home.today', { date: today.today })}
          </span>
        ) : null}
      </h2>
      {!today ? <NoDay error={day.error} /> : null}
      {today && me && canView(me, 'gasRound') ? (
        <Section title={t('fieldApp.home.deliveries')} testId="home-deliveries">
          <div className="f-grid-3">
            <Stat title={t('fieldApp.home.toDeliver')} value={toDeliver} data-testid="home-to-deliver" />
            <Stat title={t('fieldApp.home.delivering')} value={delivering} />
            <Stat title={t('fieldApp.home.done')} value={done} data-testid="home-done" />
          </div>
        </Section>
      ) : null}
      <Section title={t('fieldApp.sync.title')} testId="home-queue">
        <QueueList limit={10} empty={<span className="f-muted f-small">{t('fieldApp.sync.allSynced')}</span>} />
      </Section>
      {quick.length > 0 ? (
        <Section title={t('fieldApp.home.quick')}>
          <div className="f-grid-2">
            {quick.map((q) => (
              <Link
                key={q.screen}
                to={`/mobile/${q.screen}`}
                data-testid={`quick-${q.screen}`}
                className={buttonClass({ size: 'large', block: true })}
                style={{ minHeight: 64, flexDirection: 'column', gap: 4, fontSize: 15 }}
              >
                <span style={{ fontSize: 22, color: 'var(--f-primary)', lineHeight: 1 }}>{q.icon}</span>
                <span>{t(`menu.${q.screen}`)}</span>
              </Link>
            ))}
          </div>
        </Section>
      ) : null}
      {today?.inspections ? (
        <Section title={t('fieldApp.home.inspections')} testId="home-inspections">
          {today.inspections.length === 0 ? <Empty description={t('fieldApp.home.noInspections')} /> : null}
          {today.inspections.slice(0, 20).map((c) => (
            <Card key={c.customerId} style={{ marginBottom: 8 }} bodyStyle={{ padding: 12 }}>
              <div className="f-strong">{c.customerName}</div>
              <div className="f-muted f-small">{c.address}</div>
              <div className="f-faint f-tiny">
                {[
                  c.dueCylinders + c.overdueCylinders > 0
                    ? t('fieldApp.home.dueCylinders', { due: c.dueCylinders, overdue: c.overdueCylinders })
                    : null,
                  c.lastInspectionDate ? t('fieldApp.home.lastInspection', { date: c.lastInspectionDate }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              <div className="f-row" style={{ marginTop: 8 }}>
                {c.phone ? (
                  <Button href={telHref(c.phone)} icon={<PhoneIcon />} style={{ flex: 1 }}>
                    {t('fieldApp.round.call')}
                  </Button>
                ) : null}
                {c.address || c.latitude !== null ? (
                  <Button href={mapHref(c)} icon={<PinIcon />} target="_blank" rel="noreferrer" style={{ flex: 1 }}>
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
