import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CheckItem, CheckResult, InspectionResult } from '@gasops/shared';

export const RESULT_COLOURS: Record<CheckResult, string> = { pass: 'green', fail: 'red', na: 'default' };

/** An inspection's overall result: pass (green) or fail (red). */
export function ResultTag({ result, testId }: { result: InspectionResult; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={RESULT_COLOURS[result]} data-testid={testId} data-result={result}>
      {t(`field.inspectionResult.${result}`)}
    </Tag>
  );
}

/** The failed checklist items in the reader's language, comma separated. */
export function useFailedText() {
  const { t } = useTranslation();
  return (items: readonly CheckItem[]) => items.map((k) => t(`field.item.${k}`)).join(t('field.office.separator'));
}

/** Where the phone was, as a map link (latitude, longitude ± accuracy). */
export function PositionLink({ lat, lng, accuracyM }: { lat: number | null; lng: number | null; accuracyM: number | null }) {
  const { t } = useTranslation();
  if (lat === null || lng === null) return null;
  return (
    <Typography.Link href={`https://www.google.com/maps/search/?api=1&query=${lat},${lng}`} target="_blank" rel="noopener noreferrer">
      {lat.toFixed(5)}, {lng.toFixed(5)}
      {accuracyM !== null ? ` ±${Math.round(accuracyM)} m` : ''} ({t('field.office.map')})
    </Typography.Link>
  );
}
