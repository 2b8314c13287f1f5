import type { ReactNode } from 'react';
import { Form, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { GAS_STATUSES } from '@gasops/shared';
import { KgInput } from '../../components/inputs';

const WEIGHTS = [
  { name: 'gasWeightG', label: 'gasWeight', testId: 'gas-weight', delivered: null },
  { name: 'residualGasG', label: 'residualGas', testId: 'residual', delivered: 'gasWeightG' },
  { name: 'propaneWeightG', label: 'propaneWeight', testId: 'propane-weight', delivered: null },
  { name: 'propaneResidualG', label: 'propaneResidual', testId: 'propane-residual', delivered: 'propaneWeightG' },
] as const;

/**
 * The weighed gas and propane and the residual gas of the returned cylinders (grams, typed in kg):
 * the order form and the delivered dialog. `prefix` names the test ids; `wrap` lays out each field.
 * A residual field is checked again when the weight it may not exceed changes (shared rule).
 */
export function GasWeightFields({
  rules,
  prefix,
  gasRequired = false,
  wrap = (field) => field,
}: {
  rules: (field: string) => Rule[];
  prefix: string;
  gasRequired?: boolean;
  wrap?: (field: ReactNode, name: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return WEIGHTS.map((w) =>
    wrap(
      <Form.Item
        key={w.name}
        name={w.name}
        label={t(`orders.field.${w.label}`)}
        rules={rules(w.name)}
        dependencies={w.delivered ? [w.delivered] : undefined}
        required={gasRequired && w.name === 'gasWeightG' ? true : undefined}
      >
        <KgInput data-testid={`${prefix}-${w.testId}`} />
      </Form.Item>,
      w.name,
    ),
  );
}

/** Return gas (refund now) or store gas (the customer's gas credit): seed §4 gas status. */
export function GasStatusField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="gasStatus" label={t('orders.gasStatus.label')} tooltip={t('orders.gasStatus.hint')}>
      <Radio.Group
        data-testid={testId}
        options={GAS_STATUSES.map((s) => ({ value: s, label: t(`orders.gasStatus.${s}`) }))}
        optionType="button"
      />
    </Form.Item>
  );
}
