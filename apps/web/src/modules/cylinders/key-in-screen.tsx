import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, InputNumber, Row, Select, Space, Tabs, Tag, Typography, type InputRef } from 'antd';
import Input from 'antd/es/input/Input';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  deadlineCheck,
  looksLikeContainerNo,
  MATERIALS,
  normaliseCode,
  type CylinderCreateBody,
  type LocationKind,
  type Material,
} from '@gasops/shared';
import { isApiError } from '../../app/api';
import { formatTime } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { lazyComponent } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { lazyZodRules } from '../../app/lazy-zod-rules';
import { SmallTable } from '../../components/data-table';
import { TextItem, StoreItem } from '../../components/inputs';
import { useDefaultStoreId } from '../../components/selects';
import { useInspectionRules, useKeyInCylinders } from './hooks';
import { FillSelect, HandlingSiteSelect, LocationSelect, showFormError } from './parts';
import { TareInput } from './tare-input';

/** A select in a form column fills it (the list filters' minimum widths would push it out of a narrow column). */
const FILL_COLUMN = { width: '100%', minWidth: 0 };
/** A keyed text field's input: no browser suggestions in the way of the next cylinder. */
const keyed = (maxLength: number, testId: string) => ({ maxLength, testId, autoComplete: 'off' });

/** The import tab (the file reader, its form and the shared messages it reports with): loaded when the tab is opened. */
const ImportCylinders = lazyComponent(
  () => import('./import-cylinders'),
  (m) => m.ImportCylinders,
);

const rules = lazyZodRules(() => import('./form-schemas').then((m) => m.cylinderCreateBody));

/** The fields a scan or a typed number fills for each cylinder; everything else stays for the next one. */
const PER_CYLINDER = ['containerNo', 'labelNo', 'tareG', 'remark'] as const;
const DATE_FIELDS = ['pressureTestDate', 'lastInspectionDate', 'nextInspectionDeadline'] as const;
/** Where a keyed-in cylinder may be: registered only, or already in the store or at the storage site. */
const KEY_IN_PLACES: readonly LocationKind[] = ['new', 'store', 'storage'];

type KeyInForm = {
  storeId?: number;
  containerNo?: string;
  labelNo?: string | null;
  tareG?: number | null;
  remark?: string | null;
  sizeKg?: number | null;
  containerSpec?: string | null;
  material?: Material;
  pressureTestDate?: string | null;
  lastInspectionDate?: string | null;
  nextInspectionDeadline?: string | null;
  inspectionAgencyCode?: string | null;
  handlingSiteId?: number | null;
  locationKind?: LocationKind;
  fill?: 'full' | 'empty';
};

type Entered = {
  key: number;
  id: number;
  at: string;
  containerNo: string;
  labelNo: string | null;
  sizeKg: number;
  containerSpec: string | null;
  deadline: string | null;
  suggested: boolean;
  odd: boolean;
};

/** 2024/5/1, 2024.5.1 or 20240501 as the API's 2024-05-01 (anything else is left for the validator to name). */
function normaliseDate(v: string | null | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return null;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : s;
}

/**
 * Keyed-in cylinders, one after the other with the keyboard only: a keyboard-wedge scanner (or the
 * hand) types the container number and Enter; Enter saves, clears the numbers and goes back to the
 * container number, and the specification, agency, station and dates stay for the next cylinder.
 */
function KeyInPanel() {
  const { t } = useTranslation();
  const me = useMe();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<KeyInForm>();
  const numberRef = useRef<InputRef>(null);
  const save = useKeyInCylinders();
  const [entered, setEntered] = useState<Entered[]>([]);
  const mayCreate = canDo(me, 'CylinderMaintenanceKeyIn', 'create');

  const watched = Form.useWatch([], form) as KeyInForm | undefined;
  const inspectionRules = useInspectionRules();
  const check =
    watched?.pressureTestDate && /^\d{4}-\d{2}-\d{2}$/.test(watched.pressureTestDate)
      ? deadlineCheck(
          watched.nextInspectionDeadline && /^\d{4}-\d{2}-\d{2}$/.test(watched.nextInspectionDeadline)
            ? watched.nextInspectionDeadline
            : null,
          {
            material: watched.material ?? 'steel',
            sizeKg: watched.sizeKg ?? null,
            pressureTestDate: watched.pressureTestDate,
            lastInspectionDate:
              watched.lastInspectionDate && /^\d{4}-\d{2}-\d{2}$/.test(watched.lastInspectionDate) ? watched.lastInspectionDate : null,
          },
          inspectionRules,
        )
      : null;

  const focusNumber = () => setTimeout(() => numberRef.current?.focus({ cursor: 'all' }), 0);

  const submit = async () => {
    if (save.isPending) return;
    for (const f of DATE_FIELDS) {
      const v = form.getFieldValue(f) as string | null | undefined;
      if (v) form.setFieldValue(f, normaliseDate(v));
    }
    let values: KeyInForm;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as KeyInForm;
    } catch {
      return;
    }
    const row = { ...values, storeId: values.storeId! } as CylinderCreateBody;
    try {
      const result = await save.mutateAsync({ storeId: values.storeId!, rows: [row] });
      const containerNo = normaliseCode(values.containerNo ?? '');
      setEntered((list) => [
        {
          key: Date.now(),
          id: result.ids[0] ?? 0,
          at: new Date().toISOString(),
          containerNo,
          labelNo: values.labelNo ? normaliseCode(values.labelNo) : null,
          sizeKg: values.sizeKg ?? 0,
          containerSpec: values.containerSpec ?? null,
          deadline: values.nextInspectionDeadline || check?.suggested || null,
          suggested: !values.nextInspectionDeadline && !!check?.suggested,
          odd: !looksLikeContainerNo(containerNo),
        },
        ...list,
      ]);
      showSuccess(t('cylinders.keyIn.saved', { containerNo }));
      // A scanner may already be typing the next number: only what was saved is cleared.
      for (const f of PER_CYLINDER) {
        const now = form.getFieldValue(f) as unknown;
        if (now === values[f]) form.setFieldValue(f, f === 'tareG' ? null : '');
      }
      focusNumber();
    } catch (e) {
      // One row was sent: its messages (rows.0.<field>) belong under this form's fields.
      if (isApiError(e) && Object.keys(e.errors).length > 0) {
        form.setFields(
          Object.entries(e.errors).map(([name, message]) => ({
            name: name.replace(/^rows\.\d+\./, '') as keyof KeyInForm,
            errors: [message],
          })),
        );
        if (e.errors['rows.0.containerNo'] || e.errors.containerNo) focusNumber();
      } else showFormError(form, e);
    }
  };

  // Enter in any text field saves; Enter in a select or a date picker chooses there as usual.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (!(target instanceof HTMLInputElement) || target.closest('.ant-select, .ant-picker')) return;
    e.preventDefault();
    void submit();
  };

  const dateInput = (name: (typeof DATE_FIELDS)[number], label: string, extra?: ReactNode) => (
    <Form.Item name={name} label={label} rules={rules(name)} extra={extra}>
      <Input
        placeholder="YYYY-MM-DD"
        maxLength={10}
        inputMode="numeric"
        autoComplete="off"
        data-testid={`keyin-${name}`}
        onBlur={(e) => form.setFieldValue(name, normaliseDate(e.target.value))}
      />
    </Form.Item>
  );

  return (
    <div onKeyDown={onKeyDown} data-testid="keyin-panel">
      {!mayCreate ? <Alert type="info" showIcon title={t('cylinders.keyIn.readOnly')} style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph type="secondary">{t('cylinders.keyIn.intro')}</Typography.Paragraph>
      <Form<KeyInForm>
        form={form}
        layout="vertical"
        disabled={!mayCreate}
        initialValues={{
          storeId: defaultStoreId,
          material: 'steel',
          locationKind: 'new',
          fill: 'empty',
          sizeKg: 20,
          containerNo: '',
          labelNo: '',
          tareG: null,
        }}
        data-testid="keyin-form"
      >
        <Card size="small" title={t('cylinders.keyIn.eachCylinder')} style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="containerNo" label={t('cylinders.field.containerNo')} rules={rules('containerNo')} required>
                <Input ref={numberRef} autoFocus autoComplete="off" maxLength={40} data-testid="keyin-containerNo" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <TextItem name="labelNo" label={t('cylinders.field.labelNo')} rules={rules('labelNo')} {...keyed(40, 'keyin-labelNo')} />
            </Col>
            <Col xs={12} xl={4}>
              <Form.Item name="tareG" label={t('cylinders.field.tareKg')} rules={rules('tareG')}>
                <TareInput data-testid="keyin-tare" />
              </Form.Item>
            </Col>
            <Col xs={12} xl={4}>
              <TextItem name="remark" label={t('cylinders.field.remark')} rules={rules('remark')} {...keyed(500, 'keyin-remark')} />
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t('cylinders.keyIn.kept')} style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            <Col xs={24} md={12} xl={5}>
              <StoreItem label={t('cylinders.field.store')} rules={rules('storeId')} data-testid="keyin-store" />
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="sizeKg" label={t('cylinders.field.sizeKg')} rules={rules('sizeKg')} required>
                <InputNumber<number> min={1} max={500} precision={0} style={{ width: '100%' }} data-testid="keyin-size" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={3}>
              <Form.Item name="material" label={t('cylinders.field.material')} rules={rules('material')}>
                <Select<Material>
                  data-testid="keyin-material"
                  options={MATERIALS.map((m) => ({ value: m, label: t(`cylinders.material.${m}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <TextItem
                name="containerSpec"
                label={t('cylinders.field.containerSpec')}
                rules={rules('containerSpec')}
                {...keyed(60, 'keyin-spec')}
              />
            </Col>
            <Col xs={24} md={12} xl={6}>
              <TextItem
                name="inspectionAgencyCode"
                label={t('cylinders.field.inspectionAgencyCode')}
                rules={rules('inspectionAgencyCode')}
                {...keyed(20, 'keyin-agency')}
              />
            </Col>
            <Col xs={24} md={8} xl={6}>
              {dateInput('pressureTestDate', t('cylinders.field.pressureTestDate'))}
            </Col>
            <Col xs={24} md={8} xl={6}>
              {dateInput('lastInspectionDate', t('cylinders.field.lastInspectionDate'))}
            </Col>
            <Col xs={24} md={8} xl={6}>
              {dateInput(
                'nextInspectionDeadline',
                t('cylinders.field.nextInspectionDeadline'),
                check?.suggested ? (
                  <span data-testid="keyin-suggested">
                    {check.disagrees ? (
                      <Typography.Text type="warning">
                        {t('cylinders.warning.deadlineDisagrees', { suggested: check.suggested })}
                      </Typography.Text>
                    ) : (
                      t('cylinders.ui.suggestedDeadline', { date: check.suggested })
                    )}
                  </span>
                ) : undefined,
              )}
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="handlingSiteId" label={t('cylinders.field.handlingSite')} rules={rules('handlingSiteId')}>
                <HandlingSiteSelect data-testid="keyin-site" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={6}>
              <Form.Item name="locationKind" label={t('cylinders.field.location')} rules={rules('locationKind')}>
                <LocationSelect only={KEY_IN_PLACES} style={FILL_COLUMN} data-testid="keyin-location" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="fill" label={t('cylinders.field.fill')} rules={rules('fill')}>
                <FillSelect style={FILL_COLUMN} data-testid="keyin-fill" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()} data-testid="keyin-save">
            {t('cylinders.keyIn.save')}
          </Button>
          <Typography.Text type="secondary">{t('cylinders.keyIn.enterHint')}</Typography.Text>
        </Space>
      </Form>
      <Typography.Title level={5} data-testid="keyin-count">
        {t('cylinders.keyIn.sessionCount', { count: entered.length })}
      </Typography.Title>
      <div data-testid="keyin-session">
        <SmallTable<Entered>
          rowKey="key"
          rows={entered}
          pageSize={20}
          locale={{ emptyText: t('cylinders.keyIn.sessionEmpty') }}
          columns={[
            { title: t('cylinders.keyIn.time'), dataIndex: 'at', render: (v: string) => formatTime(v), width: 70 },
            {
              title: t('cylinders.field.containerNo'),
              dataIndex: 'containerNo',
              render: (v: string, r) => (
                <Space size={4}>
                  <Typography.Text strong>{v}</Typography.Text>
                  {r.odd ? (
                    <Tag color="warning" title={t('cylinders.warning.containerNo')}>
                      {t('cylinders.ui.oddNumber')}
                    </Tag>
                  ) : null}
                </Space>
              ),
            },
            { title: t('cylinders.field.labelNo'), dataIndex: 'labelNo' },
            { title: t('cylinders.field.sizeKg'), dataIndex: 'sizeKg', align: 'right' },
            { title: t('cylinders.field.containerSpec'), dataIndex: 'containerSpec' },
            {
              title: t('cylinders.field.nextInspectionDeadline'),
              dataIndex: 'deadline',
              render: (v: string | null, r) => (
                <span>
                  {v}
                  {r.suggested ? <Tag style={{ marginInlineStart: 6 }}>{t('cylinders.ui.suggested')}</Tag> : null}
                </span>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}

/** CylinderMaintenanceKeyIn: fast keyboard entry of many cylinders, and the import of a maker's list (xlsx / csv). */
export function CylinderKeyInScreen() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Tabs
      data-testid="keyin-screen"
      destroyOnHidden
      items={[
        { key: 'keyIn', label: t('cylinders.keyIn.tab'), children: <KeyInPanel /> },
        ...(canDo(me, 'CylinderMaintenance', 'create')
          ? [
              {
                key: 'import',
                label: <span data-testid="keyin-import-tab">{t('cylinders.import.tab')}</span>,
                children: <ImportCylinders />,
              },
            ]
          : []),
      ]}
    />
  );
}
