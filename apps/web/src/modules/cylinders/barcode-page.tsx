import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INSPECTION_STATUS_COLOURS, normaliseCode, type PublicCylinder } from '@gasops/shared';
import { isApiError } from '../../app/api';
import { CameraScanButton } from './camera-scan';
import { usePublicCylinder } from './hooks';

/** The colours of the status banner (antd's preset colours, readable on a phone in the sun). */
const BANNER: Record<string, { bg: string; fg: string }> = {
  green: { bg: '#f6ffed', fg: '#237804' },
  orange: { bg: '#fff7e6', fg: '#ad4e00' },
  red: { bg: '#fff1f0', fg: '#a8071a' },
  magenta: { bg: '#fff0f6', fg: '#9e1068' },
  default: { bg: '#fafafa', fg: '#434343' },
};

/**
 * /barcode (public, no sign-in, phone first): anyone (a customer, an inspector) types or scans a
 * cylinder's label or container number and sees its specification, label validity, next inspection
 * deadline and status in colour, and the shop that owns it — never customer data. An unknown number
 * says plainly that the label may be counterfeit. `?code=` opens a code directly (a QR on a label).
 */
export function BarcodePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ? normaliseCode(params.get('code')!) : null;
  const [text, setText] = useState(code ?? '');
  const q = usePublicCylinder(code);
  const check = (raw: string) => {
    const c = normaliseCode(raw);
    setText(c);
    setParams(c ? { code: c } : {}, { replace: true });
  };
  const unknown = isApiError(q.error) && q.error.status === 404;

  return (
    <div data-testid="barcode-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('cylinders.public.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('cylinders.public.hint')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="large"
          value={text}
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="search"
          maxLength={100}
          aria-label={t('cylinders.public.codeLabel')}
          placeholder={t('cylinders.public.codeLabel')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => check(text)}
          data-testid="barcode-input"
        />
        <Button size="large" type="primary" icon={<SearchOutlined />} onClick={() => check(text)} data-testid="barcode-check">
          {t('cylinders.public.check')}
        </Button>
      </Space.Compact>
      <div style={{ marginTop: 8 }}>
        <CameraScanButton onCode={check} block />
      </div>
      <div style={{ marginTop: 20 }} aria-live="polite">
        {!code ? null : q.isFetching && !q.data ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        ) : unknown ? (
          <Result
            status="warning"
            title={<span data-testid="barcode-unknown">{t('cylinders.public.unknown')}</span>}
            subTitle={
              <Space orientation="vertical">
                <Typography.Text strong>{code}</Typography.Text>
                <Typography.Text>{t('cylinders.public.counterfeit')}</Typography.Text>
              </Space>
            }
          />
        ) : q.error ? (
          <Alert type="error" showIcon title={q.error.message} />
        ) : q.data ? (
          <CylinderAnswer c={q.data} />
        ) : null}
      </div>
    </div>
  );
}

function CylinderAnswer({ c }: { c: PublicCylinder }) {
  const { t } = useTranslation();
  const colour = INSPECTION_STATUS_COLOURS[c.inspectionStatus] ?? 'default';
  const banner = BANNER[colour] ?? BANNER.default!;
  return (
    <Card data-testid="barcode-result" styles={{ body: { padding: 0 } }}>
      <div
        data-testid="barcode-status"
        data-status={c.inspectionStatus}
        style={{ background: banner.bg, color: banner.fg, padding: '16px 16px 12px', borderRadius: '8px 8px 0 0', textAlign: 'center' }}
      >
        <div style={{ fontSize: 24, fontWeight: 700 }}>{t(`cylinders.status.${c.inspectionStatus}`)}</div>
        <div data-testid="barcode-label-valid" data-valid={c.labelValid} style={{ marginTop: 4, fontSize: 15 }}>
          {c.labelValid ? <CheckCircleFilled /> : <CloseCircleFilled />}{' '}
          {t(c.labelValid ? 'cylinders.public.labelValid' : 'cylinders.public.labelInvalid')}
        </div>
      </div>
      <div style={{ padding: 16 }}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('cylinders.field.containerNo')}>
            <span data-testid="barcode-container">{c.containerNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('cylinders.field.labelNo')}>{c.labelNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('cylinders.public.spec')}>
            {[`${c.sizeKg} kg`, c.containerSpec, t(`cylinders.material.${c.material}`)].filter(Boolean).join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('cylinders.field.nextInspectionDeadline')}>
            <span data-testid="barcode-deadline">{c.nextInspectionDeadline ?? '—'}</span>{' '}
            <Tag color={colour} style={{ marginInlineStart: 4 }}>
              {t(`cylinders.status.${c.inspectionStatus}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('cylinders.field.endOfLife')}>{c.endOfLifeDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('cylinders.public.shop')}>
            <div data-testid="barcode-shop">{c.shop.name}</div>
            {c.shop.phone ? (
              <a href={`tel:${c.shop.phone.replace(/[^\d+]/g, '')}`}>
                <PhoneOutlined /> {c.shop.phone}
              </a>
            ) : null}
          </Descriptions.Item>
        </Descriptions>
        {!c.labelValid ? <Alert type="warning" showIcon title={t('cylinders.public.advice')} style={{ marginTop: 12 }} /> : null}
      </div>
    </Card>
  );
}
