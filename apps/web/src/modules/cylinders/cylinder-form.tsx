import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cylinderBody,
  cylinderCreateBody,
  deadlineCheck,
  MATERIALS,
  type CylinderBody,
  type CylinderRow,
  type Material,
} from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { TextItem, StoreItem } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { useDefaultStoreId } from '../../components/selects';
import { useInspectionRules, useSaveCylinder } from './hooks';
import { FillSelect, HandlingSiteSelect, LocationSelect, SIZE_OPTIONS } from './parts';
import { TareInput } from './tare-input';

const editRules = zodRules(cylinderBody);
const createRules = zodRules(cylinderCreateBody);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

type CylinderForm = Partial<CylinderBody> & { locationKind?: 'new' | 'store' | 'storage'; fill?: 'full' | 'empty' };

/**
 * Add / edit a cylinder's registry fields (where it is changes only through movements; a new
 * cylinder says where it is now). Validated with the server's schema; the server's messages
 * (a duplicate number…) land under their fields. The deadline is compared with the computed one as
 * it is typed.
 */
export function CylinderFormModal({ editing, onClose }: { editing: CylinderRow | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<CylinderForm>();
  const save = useSaveCylinder();
  const row = editing === 'new' ? null : editing;
  const rules = row ? editRules : createRules;
  const watched = Form.useWatch([], form) as CylinderForm | undefined;
  const inspectionRules = useInspectionRules();
  /** A field whose label is named like it (`cylinders.field.<name>`), with its rules. */
  const field = (name: keyof CylinderForm) => ({ name, label: t(`cylinders.field.${name}`), rules: rules(name) });
  const check =
    watched && isDate(watched.pressureTestDate)
      ? deadlineCheck(
          isDate(watched.nextInspectionDeadline) ? watched.nextInspectionDeadline : null,
          {
            material: (watched.material as Material | undefined) ?? 'steel',
            sizeKg: typeof watched.sizeKg === 'number' ? watched.sizeKg : null,
            pressureTestDate: watched.pressureTestDate,
            lastInspectionDate: isDate(watched.lastInspectionDate) ? watched.lastInspectionDate : null,
          },
          inspectionRules,
        )
      : null;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            storeId: row.storeId,
            containerNo: row.containerNo,
            labelNo: row.labelNo,
            containerSpec: row.containerSpec,
            sizeKg: row.sizeKg,
            tareG: row.tareG,
            material: row.material,
            pressureTestDate: row.pressureTestDate,
            lastInspectionDate: row.lastInspectionDate,
            // A computed deadline is sent back blank, so it is computed again from the edited dates.
            nextInspectionDeadline: row.deadlineSuggested ? null : row.nextInspectionDeadline,
            inspectionAgencyCode: row.inspectionAgencyCode,
            handlingSiteId: row.handlingSiteId,
            remark: row.remark,
          }
        : { storeId: defaultStoreId, material: 'steel', sizeKg: 20, locationKind: 'new', fill: 'empty' },
    );
  }, [editing]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <CrudModal<CylinderForm>
      open
      form={form}
      row={row}
      save={(id, values) => save(id, values)}
      title={row ? t('cylinders.ui.editTitle', { containerNo: row.containerNo }) : t('cylinders.ui.add')}
      okTestId="cylinder-save"
      formTestId="cylinder-form"
      width={760}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item {...field('containerNo')} required>
            <Input maxLength={40} autoComplete="off" data-testid="cylinder-containerNo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...field('labelNo')}>
            <Input maxLength={40} autoComplete="off" data-testid="cylinder-labelNo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <StoreItem label={t('cylinders.field.store')} rules={rules('storeId')} data-testid="cylinder-store" />
        </Col>
        <Col xs={24} md={12}>
          <TextItem {...field('containerSpec')} maxLength={60} testId="cylinder-spec" />
        </Col>
        <Col xs={12} md={6}>
          <Form.Item {...field('sizeKg')} required>
            <InputNumber<number> min={1} max={500} precision={0} style={{ width: '100%' }} data-testid="cylinder-size" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label=" " colon={false}>
            <Select
              aria-label={t('cylinders.field.sizeKg')}
              placeholder={t('cylinders.ui.commonSizes')}
              options={SIZE_OPTIONS}
              value={null}
              onChange={(kg: number) => form.setFieldsValue({ sizeKg: kg })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="tareG" label={t('cylinders.field.tareKg')} rules={rules('tareG')}>
            <TareInput data-testid="cylinder-tare" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item {...field('material')}>
            <Select<Material> options={MATERIALS.map((m) => ({ value: m, label: t(`cylinders.material.${m}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <DateItem {...field('pressureTestDate')} testId="cylinder-pressure-test" placeholder={t('common.selectDate')} />
        </Col>
        <Col xs={24} md={8}>
          <DateItem {...field('lastInspectionDate')} testId="cylinder-last-inspection" placeholder={t('common.selectDate')} />
        </Col>
        <Col xs={24} md={8}>
          <DateItem
            {...field('nextInspectionDeadline')}
            testId="cylinder-deadline"
            placeholder={t('common.selectDate')}
            extra={
              check?.suggested ? (
                check.disagrees ? (
                  <Typography.Text type="warning" data-testid="cylinder-deadline-warning">
                    {t('cylinders.warning.deadlineDisagrees', { suggested: check.suggested })}
                  </Typography.Text>
                ) : (
                  t('cylinders.ui.suggestedDeadline', { date: check.suggested })
                )
              ) : undefined
            }
          />
        </Col>
        <Col xs={24} md={12}>
          <TextItem {...field('inspectionAgencyCode')} maxLength={20} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="handlingSiteId" label={t('cylinders.field.handlingSite')} rules={rules('handlingSiteId')}>
            <HandlingSiteSelect />
          </Form.Item>
        </Col>
        {row ? null : (
          <>
            <Col xs={12} md={6}>
              <Form.Item name="locationKind" label={t('cylinders.field.location')} rules={rules('locationKind')}>
                <LocationSelect only={['new', 'store', 'storage']} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item {...field('fill')}>
                <FillSelect />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item {...field('remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </CrudModal>
  );
}
