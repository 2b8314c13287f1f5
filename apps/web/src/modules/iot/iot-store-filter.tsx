import { useTranslation } from 'react-i18next';
import { StoreSelect } from '../../components/selects';

/** The store filter of the IoT lists: one of the user's stores, or all of them. */
export function IotStoreFilter({
  value,
  onChange,
  testId,
}: {
  value?: number;
  onChange: (id: number | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <StoreSelect
      allowClear
      placeholder={t('iot.fields.store')}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      data-testid={testId}
    />
  );
}
