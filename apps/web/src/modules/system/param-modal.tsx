import { Alert, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { paramValueBody, type ParamRow } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { useSetParamValue } from './hooks';

type ParamForm = { code: string; groupId: number | null; value: string | number };

/** The dialog that sets a parameter's platform or group value (loaded with its first opening: params-screen.tsx). */
export function ParamModal({
  row,
  groupId,
  groupName,
  onClose,
}: {
  row: ParamRow;
  groupId: number | null;
  groupName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamForm>();
  const rules = zodRules(paramValueBody);
  const save = useSetParamValue();
  const start = groupId ? (row.groupValue ?? row.platformValue) : row.platformValue;
  return (
    <FormModal<ParamForm>
      form={form}
      title={`${t('system.params.editValue')} — ${row.name}`}
      okTestId="param-form-save"
      errorAlert
      intro={
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={groupId ? t('system.params.scopeGroup', { group: groupName }) : t('system.params.scopePlatform')}
        />
      }
      initialValues={{ code: row.code, groupId, value: row.type === 'number' ? Number(start) : start }}
      onSubmit={(values) => save.mutateAsync({ code: row.code, groupId, value: String(values.value ?? '') })}
      success={t('feedback.success.saved')}
      onClose={onClose}
    >
      <Form.Item name="code" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name="value"
        label={`${row.code} ${t('system.params.useCode', { value: row.defaultValue })}`}
        required
        rules={rules('value')}
        extra={row.min !== null ? `${t('system.field.range')}: ${row.min} – ${row.max}` : undefined}
      >
        {row.type === 'number' ? (
          <InputNumber style={{ width: 220 }} data-testid="param-form-value" />
        ) : (
          <Input data-testid="param-form-value" />
        )}
      </Form.Item>
    </FormModal>
  );
}
