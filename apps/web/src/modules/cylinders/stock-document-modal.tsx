import { useRef, useState } from 'react';
import { Alert, type ButtonProps, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  mayOverrideInspection,
  stockDocumentBody,
  type MovementKind,
  type StockDocumentBody,
  type StockDocumentDetail,
} from '@gasops/shared';
import { isApiError } from '../../app/api';
import { groupTodayIso } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { TextItem, StoreItem } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { CustomerSelect, useDefaultStoreId } from '../../components/selects';
import { newIdempotencyKey } from '../orders/idempotency-key';
import { CodeList } from './code-list';
import { useCreateStockDocument } from './hooks';
import { HandlingSiteSelect, isGated, MovementSelect, showFormError, takesCustomer, takesSite } from './parts';

import { useMayPickCustomers } from './parts';

const rules = zodRules(stockDocumentBody);

type DocForm = Partial<Omit<StockDocumentBody, 'codes'>>;

/** A new stock document (loaded with its first opening: stock-screen.tsx): movement, date, numbers, the customer or handling site the movement names, and the cylinders. */
export function StockDocumentModal({ onClose, onDone }: { onClose: () => void; onDone: (doc: StockDocumentDetail) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<DocForm>();
  const [codes, setCodes] = useState<string[]>([]);
  const [codeErrors, setCodeErrors] = useState<Record<number, string>>({});
  const [codesProblem, setCodesProblem] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const create = useCreateStockDocument();
  const mayPickCustomers = useMayPickCustomers();
  const kind = Form.useWatch('kind', form) as MovementKind | undefined;
  const storeId = Form.useWatch('storeId', form) as number | undefined;
  const mayOverride = !!me && mayOverrideInspection(me);

  const submit = async () => {
    setCodeErrors({});
    setCodesProblem(null);
    let values: DocForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (codes.length === 0) {
      setCodesProblem(t('feedback.validation.atLeastOneCylinder'));
      return;
    }
    try {
      const doc = await create.mutateAsync({ body: { ...values, codes }, idempotencyKey: key.current });
      showSuccess(t('cylinders.success.documentSaved', { applied: doc.appliedCount, pending: doc.pendingCount }));
      onDone(doc);
    } catch (e) {
      if (isApiError(e)) {
        const lines: Record<number, string> = {};
        for (const [field, message] of Object.entries(e.errors)) {
          const m = /^codes\.(\d+)$/.exec(field);
          if (m) lines[Number(m[1])] = message;
          else if (field === 'codes') setCodesProblem(message);
        }
        setCodeErrors(lines);
        if (Object.keys(lines).length > 0 || e.errors.codes) return;
      }
      showFormError(form, e);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t('cylinders.ui.newDocument')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'stock-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form<DocForm>
        form={form}
        layout="vertical"
        data-testid="stock-form"
        initialValues={{ storeId: defaultStoreId, docDate: groupTodayIso() }}
        onValuesChange={(changed: DocForm) => {
          if ('kind' in changed) form.setFieldsValue({ customerId: undefined, handlingSiteId: undefined, overrideReason: undefined });
          if ('storeId' in changed) form.setFieldsValue({ customerId: undefined });
        }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('cylinders.field.kind')} rules={rules('kind')} required>
              <MovementSelect data-testid="stock-kind" showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <StoreItem label={t('common.store')} rules={rules('storeId')} data-testid="stock-store" />
          </Col>
          <Col xs={24} md={8}>
            <DateItem name="docDate" label={t('cylinders.field.docDate')} rules={rules('docDate')} required testId="stock-date" />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="docNo" label={t('cylinders.field.docNo')} rules={rules('docNo')} extra={t('cylinders.ui.docNoHint')}>
              <Input maxLength={40} data-testid="stock-docno" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sourceDocNo" label={t('cylinders.field.sourceDocNo')} rules={rules('sourceDocNo')}>
              <Input maxLength={40} data-testid="stock-source" />
            </Form.Item>
          </Col>
          {takesCustomer(kind) && mayPickCustomers ? (
            <Col xs={24} md={12}>
              <Form.Item name="customerId" label={t('cylinders.field.customer')} rules={rules('customerId')}>
                <CustomerSelect storeId={storeId} data-testid="stock-customer" />
              </Form.Item>
            </Col>
          ) : null}
          {takesSite(kind) ? (
            <Col xs={24} md={12}>
              <Form.Item name="handlingSiteId" label={t('cylinders.field.handlingSite')} rules={rules('handlingSiteId')}>
                <HandlingSiteSelect data-testid="stock-site" />
              </Form.Item>
            </Col>
          ) : null}
          {isGated(kind) && mayOverride ? (
            <Col span={24}>
              <Form.Item
                name="overrideReason"
                label={t('cylinders.field.overrideReason')}
                rules={rules('overrideReason')}
                extra={t('cylinders.ui.overrideHint')}
              >
                <Input maxLength={200} data-testid="stock-override" />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <TextItem name="remark" label={t('cylinders.field.remark')} rules={rules('remark')} maxLength={500} />
          </Col>
        </Row>
      </Form>
      <Typography.Text strong>{t('cylinders.field.codes')}</Typography.Text>
      <CodeList codes={codes} onChange={setCodes} errors={codeErrors} testId="stock-code" />
      {codesProblem ? <Alert type="error" showIcon title={codesProblem} style={{ marginTop: 8 }} /> : null}
    </Modal>
  );
}
