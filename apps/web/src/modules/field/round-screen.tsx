import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARAM_DEFS, priceOrder, type FieldOrder, type FieldToday, type GasStatus, type PaymentType } from '@gasops/shared';
import { useMoney } from '../../components/format';
import { roundBadge } from '../../components/round-badge';
import { CylinderEntry, type EntryLine } from './cylinder-entry';
import { useFieldApp, useFieldToday, useSubmitAction } from './hooks';
import { ArrowLeftIcon, PhoneIcon, PinIcon, TruckIcon } from './icons';
import { useOutbox } from './outbox';
import { ChoiceButtons, mapHref, MoneyField, NoDay, ProofFields, QueueList, Section, SubmitBar, SyncBar, telHref, useProof } from './parts';
import { Button, Card, Empty, Tag, TextInput } from './ui';

const OPEN = new Set(['placed', 'not_delivered', 'delivering']);

/** The residual gas refund's minimum (RESIDUAL_REFUND_MIN_GRAMS): the preview uses the default; the server prices with the group's value. */
const MIN_REFUND_G = Number(PARAM_DEFS.find((p) => p.code === 'RESIDUAL_REFUND_MIN_GRAMS')?.value ?? 0);

/**
 * gasRound (delivery to home): today's dispatched orders in route order, each with its address, a
 * call button and a map link; opening one records the delivery — full cylinders handed over, empties
 * taken back with their weighed gross weight (residual = gross − tare, live), store gas or return
 * gas, cash or bill, the customer's signature, an optional photo and the position — queued on the
 * phone and synced exactly once.
 */
export function GasRoundScreen() {
  const { t } = useTranslation();
  useFieldApp();
  const day = useFieldToday();
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<number | null>(null);
  const today = day.data?.value;
  // Orders whose delivery waits in the outbox (or is synced but the day not refetched yet).
  const delivering = useMemo(() => {
    const ids = new Map<number, string>();
    for (const e of outbox.entries)
      if (e.action.kind === 'deliver' && e.state !== 'rejected')
        ids.set(Number((e.action.payload as { orderId: number }).orderId), e.state);
    return ids;
  }, [outbox.entries]);

  const open = today?.orders.find((o) => o.id === openId);
  if (open && today)
    return (
      <div data-testid="gas-round" className="f-screen">
        <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
        <DeliveryForm key={open.id} order={open} today={today} onDone={() => setOpenId(null)} />
      </div>
    );

  return (
    <div data-testid="gas-round" className="f-screen">
      <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
      {!today ? <NoDay error={day.error} /> : null}
      {today && today.orders.length === 0 ? <Empty description={t('fieldApp.round.noOrders')} /> : null}
      <div style={{ display: 'grid', gap: 10 }}>
        {today?.orders.map((o) => (
          <OrderCard key={o.id} order={o} queued={delivering.get(o.id)} onOpen={() => setOpenId(o.id)} />
        ))}
      </div>
      <div style={{ marginTop: 12 }}>
        <QueueList kinds={['deliver']} />
      </div>
    </div>
  );
}

function OrderCard({ order: o, queued, onOpen }: { order: FieldOrder; queued: string | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const canDeliver = OPEN.has(o.status) && !queued;
  return (
    <Card data-testid={`round-order-${o.id}`} data-order-no={o.orderNo}>
      <div style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
        <div aria-hidden="true" style={{ ...roundBadge(30, 'var(--f-primary)'), color: '#fff' }}>
          {o.routeIndex}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 6 }}>
            <span className="f-strong" style={{ fontSize: 16, minWidth: 0, overflowWrap: 'anywhere' }}>
              {o.customerName ?? o.orderNo}
            </span>
            <Tag color={queued ? 'gold' : OPEN.has(o.status) ? 'blue' : 'green'} data-testid="order-state">
              {queued === 'queued' ? t('field.status.queued') : t(`orders.status.${o.status}`)}
            </Tag>
          </div>
          <div className="f-muted f-small">{o.address}</div>
          <div className="f-faint f-tiny">{[o.orderNo, o.preferredTime, money.format(o.totalAmount)].filter(Boolean).join(' · ')}</div>
        </div>
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 10 }}>
        {o.phone ? (
          <Button size="large" icon={<PhoneIcon />} href={telHref(o.phone)} style={{ flex: 1, paddingInline: 8 }} data-testid="order-call">
            {t('fieldApp.round.call')}
          </Button>
        ) : null}
        {o.address || o.latitude !== null ? (
          <Button size="large" icon={<PinIcon />} href={mapHref(o)} target="_blank" rel="noreferrer" style={{ flex: 1, paddingInline: 8 }}>
            {t('fieldApp.round.map')}
          </Button>
        ) : null}
        {canDeliver ? (
          <Button
            size="large"
            type="primary"
            icon={<TruckIcon />}
            onClick={onOpen}
            style={{ flex: 1, paddingInline: 8 }}
            data-testid="order-open"
          >
            {t('fieldApp.round.open')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

const residualOf = (line: EntryLine, grossG: number | undefined) =>
  grossG === undefined || line.cylinder?.tareG == null ? null : Math.max(0, grossG - line.cylinder.tareG);

function DeliveryForm({ order, today, onDone }: { order: FieldOrder; today: FieldToday; onDone: () => void }) {
  const { t } = useTranslation();
  const submitAction = useSubmitAction();
  const money = useMoney();
  const [handedOver, setHandedOver] = useState<EntryLine[]>([]);
  const [takenBack, setTakenBack] = useState<EntryLine[]>([]);
  const [gross, setGross] = useState<Record<string, number | undefined>>({});
  const [gasStatus, setGasStatus] = useState<GasStatus>(order.gasStatus);
  const [paymentType, setPaymentType] = useState<PaymentType>('cash');
  const [cash, setCash] = useState<number | null>(null);
  const proof = useProof();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const residualG = takenBack.reduce((sum, l) => sum + (residualOf(l, gross[l.code]) ?? 0), 0);
  const handedKnown = handedOver.every((l) => l.cylinder);
  const gasWeightG =
    handedOver.length > 0 && handedKnown ? handedOver.reduce((s, l) => s + (l.cylinder?.sizeKg ?? 0) * 1000, 0) : order.gasWeightG;
  // The amount due as the server will price it (shared pricing), for the cash default.
  const due = priceOrder({
    pricePerKg: order.gasUnitPrice,
    minRefundGrams: MIN_REFUND_G,
    gasWeightG,
    residualGasG: residualG,
    propaneWeightG: 0,
    propaneResidualG: 0,
    gasStatus,
    creditBalanceG: order.gasCreditG,
    products: order.products,
    services: order.services,
    cylinders: order.cylinderOps,
  }).totalAmount;
  const cashAmount = paymentType === 'bill' ? 0 : (cash ?? due);

  const submit = async () => {
    if (!proof.signature) return setProblem(t('fieldApp.round.signatureRequired'));
    setProblem(null);
    setSaving(true);
    try {
      await submitAction(
        'deliver',
        {
          orderId: order.id,
          handedOver: handedOver.map((l) => l.code),
          takenBack: takenBack.map((l) => ({ code: l.code, grossG: gross[l.code] ?? null })),
          gasStatus,
          paymentType,
          cashAmount,
          ...proof.payload(),
        },
        order.customerName ?? order.orderNo,
      );
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="delivery-form">
      <Button type="link" icon={<ArrowLeftIcon />} onClick={onDone} style={{ marginInlineStart: -4 }}>
        {t('fieldApp.round.back')}
      </Button>
      <h2 className="f-title" style={{ margin: '4px 0' }}>
        {order.routeIndex}. {order.customerName ?? order.orderNo}
      </h2>
      <div className="f-muted" style={{ marginBottom: 8 }}>
        {order.address}
        {order.phone ? (
          <Button type="link" href={telHref(order.phone)} icon={<PhoneIcon />}>
            {order.phone}
          </Button>
        ) : null}
      </div>
      {order.cylindersAtCustomer.length > 0 ? (
        <p className="f-para f-muted f-tiny">{t('fieldApp.round.toTakeBack', { codes: order.cylindersAtCustomer.join(', ') })}</p>
      ) : null}

      <Section title={t('fieldApp.round.handedOver')}>
        <CylinderEntry today={today} lines={handedOver} onChange={setHandedOver} purpose="handOver" testId="handed" />
      </Section>
      <Section title={t('fieldApp.round.takenBack')}>
        <CylinderEntry
          today={today}
          lines={takenBack}
          onChange={setTakenBack}
          purpose="takeBack"
          testId="taken"
          extra={(line, i) => {
            const g = gross[line.code];
            const residual = residualOf(line, g);
            return (
              <div className="f-row" style={{ marginTop: 6 }}>
                <TextInput
                  inputMode="decimal"
                  wrapStyle={{ width: 140, flex: 'none' }}
                  suffix="kg"
                  autoComplete="off"
                  placeholder={t('fieldApp.round.gross')}
                  aria-label={t('fieldApp.round.gross')}
                  defaultValue={g === undefined ? '' : String(g / 1000)}
                  onChange={(e) => {
                    const kg = Number(e.target.value.replace(',', '.'));
                    setGross((m) => ({
                      ...m,
                      [line.code]: e.target.value.trim() === '' || !Number.isFinite(kg) ? undefined : Math.round(kg * 1000),
                    }));
                  }}
                  data-testid={`taken-gross-${i}`}
                />
                <span className="f-small" data-testid={`taken-residual-${i}`} aria-live="polite">
                  {residual !== null
                    ? t('fieldApp.round.residual', { kg: (residual / 1000).toFixed(1) })
                    : g !== undefined
                      ? t('fieldApp.round.noTare')
                      : ''}
                </span>
              </div>
            );
          }}
        />
        <div className="f-strong" data-testid="residual-total">
          {t('fieldApp.round.residualTotal', { kg: (residualG / 1000).toFixed(1) })}
        </div>
        <ChoiceButtons<GasStatus>
          solid
          label={t('orders.gasStatus.label')}
          style={{ marginTop: 8 }}
          value={gasStatus}
          onChange={setGasStatus}
          testId="gas-status"
          options={[
            { value: 'store', label: t('orders.gasStatus.store') },
            { value: 'return', label: t('orders.gasStatus.return') },
          ]}
        />
        {order.gasCreditG > 0 ? (
          <span className="f-muted f-tiny f-block" style={{ marginTop: 4 }}>
            {t('fieldApp.round.creditHint', { kg: (order.gasCreditG / 1000).toFixed(1) })}
          </span>
        ) : null}
      </Section>

      <Section title={t('fieldApp.round.payment')}>
        <p className="f-para f-strong" style={{ fontSize: 16 }} data-testid="amount-due">
          {t('fieldApp.round.amountDue', { amount: money.format(due) })}
        </p>
        <ChoiceButtons<PaymentType>
          solid
          label={t('fieldApp.round.payment')}
          style={{ marginBottom: 8 }}
          value={paymentType}
          onChange={setPaymentType}
          testId="payment-type"
          options={[
            { value: 'cash', label: t('fieldApp.round.cash') },
            { value: 'bill', label: t('fieldApp.round.bill') },
          ]}
        />
        {paymentType === 'cash' ? (
          <MoneyField value={cashAmount} onChange={(v) => setCash(v)} label={t('fieldApp.round.cash')} data-testid="cash-amount" />
        ) : null}
      </Section>

      <ProofFields proof={proof} remarkMax={300} />
      <SubmitBar problem={problem} saving={saving} onSubmit={() => void submit()} testId="delivered" problemTestId="delivery-problem">
        {t('fieldApp.round.delivered')}
      </SubmitBar>
    </div>
  );
}
