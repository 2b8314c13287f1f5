import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { KgInput } from '../../components/inputs';

const WEIGHTS = [
  { name: 'gasWeightG', label: 'gasWeight', testId: 'gas-weight' },
  { name: 'residualGasG', label: 'residualGas', testId: 'residual' },
  { name: 'propaneWeightG', label: 'propaneWeight', testId: 'propane-weight' },
  { name: 'propaneResidualG', label: 'propaneResidual', testId: 'propane-residual' },
] as const;

/**
 * The weighed gas and propane and the residual gas of the returned cylinders (grams, typed in kg):
 * the order form and the delivered dialog. `prefix` names the test ids; `wrap` lays out each field.
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
        required={gasRequired && w.name === 'gasWeightG' ? true : undefined}
      >
        <KgInput data-testid={`${prefix}-${w.testId}`} />
      </Form.Item>,
      w.name,
    ),
  );
}
