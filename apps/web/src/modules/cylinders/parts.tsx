import { Select, Tag, type SelectProps } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FILL_STATES,
  INSPECTION_STATUS_COLOURS,
  INSPECTION_STATUSES,
  LOCATION_KINDS,
  MOVEMENT_KINDS,
  MOVEMENT_RULES,
  movementColour,
  type FillState,
  type InspectionStatus,
  type LocationKind,
  type MovementKind,
} from '@gasops/shared';
import { isApiError } from '../../app/api';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { showError } from '../../app/feedback';
import { applyServerErrors } from '../../app/zod-form';
import { useHandlingSites } from './hooks';

export { usePlaceText } from './texts';

/** Small pieces the cylinder screens share: status and place tags, pickers (the photo thumbnail: cylinder-thumb.tsx, with antd's Image). */

/** The inspection status in its colour (in date green, due orange, overdue red, end of life magenta). */
export function StatusTag({ status, testId }: { status: InspectionStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={INSPECTION_STATUS_COLOURS[status]} data-testid={testId} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`cylinders.status.${status}`)}
    </Tag>
  );
}

/** A movement (processing status) by its seed name. */
export function MovementTag({ kind }: { kind: MovementKind | null }) {
  const { t } = useTranslation();
  if (!kind) return null;
  return <Tag color={movementColour(kind)}>{t(`cylinders.movement.${kind}`)}</Tag>;
}

type SelectOf<T> = Omit<SelectProps<T>, 'options'> & { 'data-testid'?: string };

export function MovementSelect(props: SelectOf<MovementKind>) {
  const { t } = useTranslation();
  return (
    <Select<MovementKind>
      placeholder={t('cylinders.field.kind')}
      style={{ minWidth: 150 }}
      options={MOVEMENT_KINDS.map((k) => ({ value: k, label: t(`cylinders.movement.${k}`) }))}
      {...props}
    />
  );
}

export function StatusSelect(props: SelectOf<InspectionStatus>) {
  const { t } = useTranslation();
  return (
    <Select<InspectionStatus>
      placeholder={t('cylinders.field.status')}
      style={{ minWidth: 130 }}
      options={INSPECTION_STATUSES.map((s) => ({ value: s, label: <StatusTag status={s} /> }))}
      {...props}
    />
  );
}

export function LocationSelect({ only, ...props }: SelectOf<LocationKind> & { only?: readonly LocationKind[] }) {
  const { t } = useTranslation();
  return (
    <Select<LocationKind>
      placeholder={t('cylinders.field.location')}
      style={{ minWidth: 130 }}
      options={(only ?? LOCATION_KINDS).map((l) => ({ value: l, label: t(`cylinders.location.${l}`) }))}
      {...props}
    />
  );
}

export function FillSelect(props: SelectOf<FillState>) {
  const { t } = useTranslation();
  return (
    <Select<FillState>
      placeholder={t('cylinders.field.fill')}
      style={{ minWidth: 110 }}
      options={FILL_STATES.map((f) => ({ value: f, label: t(`cylinders.fill.${f}`) }))}
      {...props}
    />
  );
}

/** The processing stations (filling plants and inspection agencies of CylinderHandlingSite). */
export function HandlingSiteSelect(props: SelectOf<number>) {
  const { t } = useTranslation();
  const sites = useHandlingSites();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('cylinders.field.handlingSite')}
      loading={sites.isLoading}
      style={{ minWidth: 180 }}
      options={(sites.data ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
      {...props}
    />
  );
}

/** The common sizes as a quick choice; any whole kg may be typed in the form. */
export const SIZE_OPTIONS = [2, 4, 10, 16, 18, 20, 50].map((kg) => ({ value: kg, label: `${kg} kg` }));

/** Movements that name a customer (to a customer, or a customer's cylinder consigned to the shop). */
export const takesCustomer = (kind: MovementKind | undefined | null) =>
  !!kind && (MOVEMENT_RULES[kind].to === 'customer' || kind === 'consignment_in');

/** Movements to or from a filling plant or an inspection agency: they name the handling site. */
export const takesSite = (kind: MovementKind | undefined | null) =>
  !!kind &&
  (['filling', 'inspection'].includes(MOVEMENT_RULES[kind].to) ||
    Object.keys(MOVEMENT_RULES[kind].from).every((l) => l === 'filling' || l === 'inspection'));

/** Movements that hand a cylinder over and are refused for an overdue one unless a manager overrides. */
export const isGated = (kind: MovementKind | undefined | null) => !!kind && MOVEMENT_RULES[kind].inspectionGate;

/** Puts a failed write's field messages under the form's fields, or shows the failure when none fits. */
export function showFormError(form: FormInstance, error: unknown) {
  if (applyServerErrors(form, error)) return;
  if (isApiError(error) && error.kind === 'aborted') return;
  showError(error instanceof Error ? error.message : String(error));
}

/** The movements' names, for the places that list them in text. */
export function useMovementName() {
  const { t } = useTranslation();
  return (kind: MovementKind | null) => (kind ? t(`cylinders.movement.${kind}`) : '');
}

/**
 * Whether the user may search customers: GET /customers/options answers the customer screens and
 * the two cylinder screens that name a customer (a stock document, a pending-data correction).
 */
export const useMayPickCustomers = () => {
  const me = useMe();
  return (
    canDo(me, 'Customer', 'view') ||
    canDo(me, 'DispatchOrder', 'view') ||
    canDo(me, 'CustomerDetail', 'view') ||
    canDo(me, 'CylinderStockMaintenance', 'view') ||
    canDo(me, 'penddingDataMaintenance', 'edit')
  );
};
