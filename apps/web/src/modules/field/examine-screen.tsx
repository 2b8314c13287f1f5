import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECK_ITEMS, shiftDate, type CheckItem, type CheckResult, type FieldToday } from '@gasops/shared';
import { CylinderEntry, type EntryLine } from './cylinder-entry';
import { useFieldApp, useFieldToday, useSubmitAction } from './hooks';
import { NoDay, ProofFields, Section, SubmitBar, SyncBar, useProof } from './parts';
import { Segmented, Select, Tag, TextInput } from './ui';

type Items = Record<CheckItem, { result: CheckResult; note: string }>;
const freshItems = (): Items => Object.fromEntries(CHECK_ITEMS.map((k) => [k, { result: 'pass', note: '' }])) as Items;

/** The customers an inspector can pick: those due for inspection first, then today's delivery customers. */
function customersOf(today: FieldToday | undefined) {
  const seen = new Set<number>();
  const out: { id: number; name: string; address: string | null; hint: string | null }[] = [];
  for (const c of today?.inspections ?? []) {
    if (seen.has(c.customerId)) continue;
    seen.add(c.customerId);
    out.push({ id: c.customerId, name: c.customerName, address: c.address, hint: c.nextDueDate });
  }
  for (const o of today?.orders ?? []) {
    if (o.customerId === null || seen.has(o.customerId)) continue;
    seen.add(o.customerId);
    out.push({ id: o.customerId, name: o.customerName ?? o.orderNo, address: o.address, hint: null });
  }
  return out;
}

/**
 * gasExamine (gas safety inspection, Fire Services Act §15-1): per customer a checklist (hose,
 * regulator, leak test, ventilation, cylinder placement, cylinder in date — the cylinders there
 * scanned), pass / fail / not applicable with a note, the result (a failed item fails it), the next
 * inspection date, the customer's signature, an optional photo and the position → "saved".
 */
export function GasExamineScreen() {
  const { t } = useTranslation();
  useFieldApp();
  const day = useFieldToday();
  const today = day.data?.value;
  const submitAction = useSubmitAction();
  const customers = useMemo(() => customersOf(today), [today]);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [items, setItems] = useState<Items>(freshItems);
  const [lines, setLines] = useState<EntryLine[]>([]);
  const [nextDue, setNextDue] = useState<string | null>(null);
  const proof = useProof();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  const result = CHECK_ITEMS.some((k) => items[k].result === 'fail') ? 'fail' : 'pass';
  const nextDueDate = nextDue ?? (today ? shiftDate(today.today, { months: 12 }) : null);
  const customer = customers.find((c) => c.id === customerId);
  const dueId = useId();

  const setItem = (k: CheckItem, patch: Partial<Items[CheckItem]>) => setItems((all) => ({ ...all, [k]: { ...all[k], ...patch } }));

  const submit = async () => {
    if (!customerId) return setProblem(t('fieldApp.examine.pickCustomer'));
    if (!proof.signature) return setProblem(t('fieldApp.round.signatureRequired'));
    setProblem(null);
    setSaving(true);
    try {
      const entry = await submitAction(
        'examine',
        {
          customerId,
          items: Object.fromEntries(CHECK_ITEMS.map((k) => [k, { result: items[k].result, note: items[k].note.trim() || null }])),
          codes: lines.map((l) => l.code),
          result,
          nextDueDate,
          ...proof.payload(),
        },
        customer?.name ?? null,
      );
      if (entry.state !== 'rejected') {
        setCustomerId(null);
        setItems(freshItems());
        setLines([]);
        setNextDue(null);
        proof.reset();
        setRound((r) => r + 1);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="gas-examine" key={round} className="f-screen">
      <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
      {!today ? <NoDay error={day.error} /> : null}
      <Select<number>
        style={{ marginBottom: 12 }}
        placeholder={t('fieldApp.examine.pickCustomer')}
        value={customerId}
        onChange={(v) => setCustomerId(v)}
        options={customers.map((c) => ({ value: c.id, label: [c.name, c.address].filter(Boolean).join(' · ') }))}
        data-testid="examine-customer"
      />
      <Section title={t('fieldApp.examine.checklist')} testId="examine-checklist">
        {CHECK_ITEMS.map((k) => (
          <div key={k} data-testid={`check-${k}`} style={{ padding: '10px 0', borderBottom: '1px solid var(--f-line)' }}>
            <div className="f-strong" style={{ marginBottom: 6 }}>
              {t(`field.item.${k}`)}
            </div>
            <Segmented<CheckResult>
              block
              size="large"
              value={items[k].result}
              onChange={(v) => setItem(k, { result: v })}
              options={(['pass', 'fail', 'na'] as const).map((r) => ({ value: r, label: t(`field.checkResult.${r}`) }))}
              aria-label={t(`field.item.${k}`)}
              className={items[k].result === 'fail' ? 'f-seg-fail' : undefined}
              data-testid={`check-${k}-result`}
            />
            {items[k].result === 'fail' || items[k].note ? (
              <TextInput
                size="middle"
                wrapStyle={{ marginTop: 8 }}
                placeholder={t('fieldApp.examine.note')}
                aria-label={`${t(`field.item.${k}`)}: ${t('fieldApp.examine.note')}`}
                value={items[k].note}
                maxLength={300}
                onChange={(e) => setItem(k, { note: e.target.value })}
                data-testid={`check-${k}-note`}
              />
            ) : null}
            {k === 'cylinderInDate' ? (
              <div style={{ marginTop: 8 }}>
                <CylinderEntry
                  today={today}
                  lines={lines}
                  onChange={setLines}
                  purpose="takeBack"
                  testId="examine-codes"
                  label={t('fieldApp.examine.cylinders')}
                />
              </div>
            ) : null}
          </div>
        ))}
        <div className="f-row f-wrap" style={{ marginTop: 10 }}>
          <span>{t('fieldApp.examine.result')}</span>
          <Tag color={result === 'fail' ? 'red' : 'green'} data-testid="examine-result" data-result={result}>
            {t(`field.inspectionResult.${result}`)}
          </Tag>
          {result === 'fail' ? <span className="f-muted f-small">{t('fieldApp.examine.failHint')}</span> : null}
        </div>
      </Section>
      <Section title={<label htmlFor={dueId}>{t('fieldApp.examine.nextDue')}</label>}>
        <TextInput
          id={dueId}
          type="date"
          value={nextDueDate ?? ''}
          required
          onChange={(e) => setNextDue(e.target.value || null)}
          data-testid="examine-next-due"
        />
      </Section>
      <ProofFields proof={proof} remarkMax={500} />
      <SubmitBar
        problem={problem}
        saving={saving}
        onSubmit={() => void submit()}
        testId="examine-submit"
        problemTestId="examine-problem"
        queue={['examine']}
      >
        {t('fieldApp.examine.save')}
      </SubmitBar>
    </div>
  );
}
