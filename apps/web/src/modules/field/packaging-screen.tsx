import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CylinderEntry, useStoreCodes } from './cylinder-entry';
import { NoDay, Section, StorePicker, SubmitBar, SyncBar } from './parts';
import { Segmented, Select } from './ui';

type Mode = 'send' | 'receive';

/**
 * gasPackaging (refill dispatch): the empties sent to a filling plant (a handling site) are scanned
 * → "refill dispatched"; the full ones coming back are received on the same screen (filling in).
 * At least one cylinder (seed §5).
 */
export function GasPackagingScreen() {
  const { t } = useTranslation();
  const { day, today, storeId, setStoreId, lines, setLines, setProblem, send, bar } = useStoreCodes();
  const [mode, setMode] = useState<Mode>('send');
  const [siteId, setSiteId] = useState<number | null>(null);
  const sites = (today?.handlingSites ?? []).filter((s) => s.type !== 'inspection');
  const site = siteId ?? (sites.length === 1 ? sites[0]!.id : null);

  const submit = () =>
    send(
      mode === 'send' ? 'packaging' : 'filling-in',
      (codes) => ({ storeId, handlingSiteId: site, codes }),
      sites.find((s) => s.id === site)?.name ?? null,
      mode === 'send' && !site ? t('field.validation.handlingSite') : null,
    );

  return (
    <div data-testid="gas-packaging" className="f-screen">
      <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
      {!today ? <NoDay error={day.error} /> : null}
      <Segmented<Mode>
        block
        size="large"
        value={mode}
        onChange={(m) => {
          setMode(m);
          setLines([]);
          setProblem(null);
        }}
        options={[
          { value: 'send', label: t('fieldApp.packaging.send') },
          { value: 'receive', label: t('fieldApp.packaging.receive') },
        ]}
        style={{ marginBottom: 12 }}
        aria-label={t('menu.gasPackaging')}
        data-testid="packaging-mode"
      />
      {today ? <StorePicker today={today} value={storeId} onChange={setStoreId} /> : null}
      <Select<number>
        allowClear={mode === 'receive'}
        style={{ marginBottom: 12 }}
        placeholder={t('fieldApp.packaging.site')}
        value={site}
        onChange={(v) => setSiteId(v)}
        options={sites.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
        data-testid="packaging-site"
      />
      <Section title={mode === 'send' ? t('fieldApp.packaging.send') : t('fieldApp.packaging.receive')}>
        <CylinderEntry
          key={mode}
          today={today}
          lines={lines}
          onChange={setLines}
          purpose={mode === 'send' ? 'filling' : 'store'}
          testId="packaging"
          label={t('fieldApp.return.codes')}
        />
      </Section>
      <SubmitBar
        {...bar}
        onSubmit={() => void submit()}
        testId="packaging-submit"
        problemTestId="packaging-submit-problem"
        queue={['packaging', 'filling-in']}
      >
        {mode === 'send' ? t('fieldApp.packaging.sendSubmit') : t('fieldApp.packaging.receiveSubmit')}
      </SubmitBar>
    </div>
  );
}
