import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  mayOverrideInspection,
  pendingCorrectBody,
  pendingReasonBody,
  type MovementKind,
  type PendingCorrectBody,
  type PendingRow,
} from '@gasops/shared';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { CustomerSelect } from '../../components/selects';
import { TextItem } from '../../components/inputs';
import { useApplyPending, useCorrectPending, useDiscardPending } from './hooks';
import { isGated, MovementSelect, MovementTag, takesCustomer } from './parts';
import { useMayPickCustomers } from './parts';

/** The pending-data screen's dialogs (loaded with their first opening: pending-screen.tsx). */

const reasonRules = zodRules(pendingReasonBody);
const correctRules = zodRules(pendingCorrectBody);

/** What the pending item is, in one line: its code, movement and why it waits. */
function PendingSummary({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph>
      <Typography.Text strong>{row.containerNo ?? row.code}</Typography.Text> · <MovementTag kind={row.kind} />
      <Typography.Text type="danger">{t(`cylinders.problem.${row.reason}`)}</Typography.Text>
    </Typography.Paragraph>
  );
}

/** Apply anyway / discard: a reason, and a confirmation naming what happens. */
export function ReasonModal({ action, row, onClose }: { action: 'apply' | 'discard'; row: PendingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<{ reason: string }>();
  const apply = useApplyPending();
  const discard = useDiscardPending();
  const needsManager = action === 'apply' && isGated(row.kind) && (row.reason === 'overdue' || row.reason === 'endOfLife');
  return (
    <FormModal<{ reason: string }>
      form={form}
      title={t(action === 'apply' ? 'cylinders.ui.applyTitle' : 'cylinders.ui.discardTitle')}
      okText={t(action === 'apply' ? 'cylinders.ui.applyAnyway' : 'cylinders.ui.discard')}
      okTestId="pending-confirm"
      okDanger={action === 'discard'}
      onSubmit={(values) => (action === 'apply' ? apply : discard).mutateAsync({ id: row.id, reason: values.reason })}
      success={t(action === 'apply' ? 'cylinders.success.pendingApplied' : 'cylinders.success.pendingDiscarded')}
      onClose={onClose}
      intro={
        <>
          <PendingSummary row={row} />
          <Alert
            type={action === 'apply' ? 'warning' : 'info'}
            showIcon
            title={t(action === 'apply' ? 'cylinders.ui.applyExplain' : 'cylinders.ui.discardExplain')}
            style={{ marginBottom: 12 }}
          />
          {needsManager && me && !mayOverrideInspection(me) ? (
            <Alert type="error" showIcon title={t('cylinders.error.overrideForbidden')} style={{ marginBottom: 12 }} />
          ) : null}
        </>
      }
    >
      <Form.Item name="reason" label={t('cylinders.field.reason')} rules={reasonRules('reason')} required>
        <Input.TextArea rows={2} maxLength={200} autoFocus data-testid="pending-reason" />
      </Form.Item>
    </FormModal>
  );
}

/** Correct: another code (a misread label), another movement or customer, then the normal rules; still refused → it stays. */
export function CorrectModal({ row, onClose }: { row: PendingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<PendingCorrectBody>>();
  const correct = useCorrectPending();
  const mayPickCustomers = useMayPickCustomers();
  const kind = (Form.useWatch('kind', form) as MovementKind | undefined) ?? row.kind;
  return (
    <FormModal<Partial<PendingCorrectBody>>
      form={form}
      title={t('cylinders.ui.correctTitle')}
      okText={t('cylinders.ui.correct')}
      okTestId="pending-confirm"
      onSubmit={(values) => correct.mutateAsync({ id: row.id, body: values })}
      success={t('cylinders.success.pendingApplied')}
      onClose={onClose}
      initialValues={{ code: row.code, kind: row.kind, customerId: row.customerId }}
      intro={<PendingSummary row={row} />}
    >
      <Form.Item name="code" label={t('cylinders.field.codes')} rules={correctRules('code')}>
        <Input maxLength={40} autoComplete="off" data-testid="pending-correct-code" />
      </Form.Item>
      <Form.Item name="kind" label={t('cylinders.field.kind')} rules={correctRules('kind')}>
        <MovementSelect data-testid="pending-correct-kind" />
      </Form.Item>
      {takesCustomer(kind) && mayPickCustomers ? (
        <Form.Item name="customerId" label={t('cylinders.field.customer')} rules={correctRules('customerId')}>
          <CustomerSelect storeId={row.storeId} />
        </Form.Item>
      ) : null}
      <TextItem name="reason" label={t('cylinders.field.reason')} rules={correctRules('reason')} maxLength={200} />
    </FormModal>
  );
}
