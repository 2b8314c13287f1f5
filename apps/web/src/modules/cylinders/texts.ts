import { useTranslation } from 'react-i18next';
import type { FillState, LocationKind } from '@gasops/shared';

/*
 * A cylinder's place as text, without antd: the back office's parts (parts.tsx) and the
 * phone's sheet (mobile-detail.tsx, field app: no antd) both use them.
 */

/** "Store · Full": where a cylinder is and whether it is full. */
export function usePlaceText() {
  const { t } = useTranslation();
  return (location: LocationKind | null, fill: FillState | null) =>
    location ? `${t(`cylinders.location.${location}`)}${fill && location !== 'scrapped' ? ` · ${t(`cylinders.fill.${fill}`)}` : ''}` : '';
}
