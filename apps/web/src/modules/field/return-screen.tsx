import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_MOVEMENTS } from '@gasops/shared';
import { CylinderEntry, useStoreCodes } from './cylinder-entry';
import { ChoiceButtons, NoDay, Section, StorePicker, SubmitBar, SyncBar } from './parts';

type ReturnMovement = (typeof RETURN_MOVEMENTS)[number];

/**
 * gasReturn (return to store): the cylinders brought back at the end of the round are scanned in
 * (return in, or collection in) → "returned to store". At least one cylinder (seed §5).
 */
export function GasReturnScreen() {
  const { t } = useTranslation();
  const { day, today, storeId, setStoreId, lines, setLines, send, bar } = useStoreCodes();
  const [movement, setMovement] = useState<ReturnMovement>('return_in');

  const submit = () => send('return', (codes) => ({ storeId, codes, movement }), today?.stores.find((s) => s.id === storeId)?.name ?? null);

  return (
    <div data-testid="gas-return" className="f-screen">
      <SyncBar fetchedAt={day.data?.fetchedAt} fromCache={day.data?.fromCache} />
      {!today ? <NoDay error={day.error} /> : null}
      {today ? <StorePicker today={today} value={storeId} onChange={setStoreId} /> : null}
      <Section title={t('menu.gasReturn')}>
        <CylinderEntry today={today} lines={lines} onChange={setLines} purpose="store" testId="return" label={t('fieldApp.return.codes')} />
        <div className="f-muted f-small" style={{ marginBottom: 6 }}>
          {t('fieldApp.return.movement')}
        </div>
        <ChoiceButtons<ReturnMovement>
          label={t('fieldApp.return.movement')}
          value={movement}
          onChange={setMovement}
          testId="return-movement"
          options={RETURN_MOVEMENTS.map((m) => ({ value: m, label: t(`fieldApp.return.${m}`) }))}
        />
      </Section>
      <SubmitBar {...bar} onSubmit={() => void submit()} testId="return-submit" problemTestId="return-submit-problem" queue={['return']}>
        {t('fieldApp.return.submit')}
      </SubmitBar>
    </div>
  );
}
