import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INSPECTION_STATUS_COLOURS, normaliseCode, type PublicCylinder } from '@gasops/shared';
import { isApiError } from '../../app/api';
import { strokeIcon } from '../../components/svg-icon';
import { Alert, Button, Spinner, Tag, TextInput } from '../field/ui';
import { CameraIcon, CheckCircleIcon, ErrorIcon, PhoneIcon, WarningIcon } from '../field/icons';
import { usePublicCylinder } from './public-cylinder';
import './barcode-page.css';
import { hasCamera } from '../../components/camera';
import { Scanner } from '../field/scanner';

/** The check button's magnifier (the kit has no search icon; @ant-design/icons' SearchOutlined was here). */
const SearchIcon = strokeIcon(
  'Search',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </>,
  'f-icon',
);

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
 * Built on the field kit (modules/field/ui.tsx), no antd and no zod: opened on phones, often from a QR on a
 * cylinder's label (issue 16). Styles: barcode-page.css.
 */
export function BarcodePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ? normaliseCode(params.get('code')!) : null;
  const [text, setText] = useState(code ?? '');
  const [camera, setCamera] = useState(false);
  const q = usePublicCylinder(code);
  const check = (raw: string) => {
    const c = normaliseCode(raw);
    setText(c);
    setParams(c ? { code: c } : {}, { replace: true });
  };
  const unknown = isApiError(q.error) && q.error.status === 404;

  return (
    <div className="f-screen barcode" data-testid="barcode-page">
      <h1 className="barcode-title">{t('cylinders.public.title')}</h1>
      <p className="barcode-hint">{t('cylinders.public.hint')}</p>
      <div className="f-compact">
        <TextInput
          value={text}
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="search"
          maxLength={100}
          aria-label={t('cylinders.public.codeLabel')}
          placeholder={t('cylinders.public.codeLabel')}
          onChange={(e) => setText(e.target.value)}
          onEnter={() => check(text)}
          data-testid="barcode-input"
        />
        <Button size="large" type="primary" icon={<SearchIcon />} onClick={() => check(text)} data-testid="barcode-check">
          {t('cylinders.public.check')}
        </Button>
      </div>
      {hasCamera() ? (
        <Button
          block
          icon={<CameraIcon />}
          onClick={() => setCamera(true)}
          aria-label={t('cylinders.ui.cameraScan')}
          className="barcode-camera"
          data-testid="camera-scan"
        >
          {t('cylinders.ui.cameraScan')}
        </Button>
      ) : null}
      <Scanner open={camera} title={t('cylinders.ui.cameraScan')} onClose={() => setCamera(false)} onCode={check} />
      <div className="barcode-answer" aria-live="polite">
        {!code ? null : q.isFetching && !q.data ? (
          <div className="barcode-loading" data-testid="barcode-loading">
            <Spinner size="large" />
          </div>
        ) : unknown ? (
          <div className="barcode-unknown">
            <WarningIcon className="f-icon barcode-unknown-icon" />
            <h2 className="barcode-unknown-title" data-testid="barcode-unknown">
              {t('cylinders.public.unknown')}
            </h2>
            <p className="barcode-unknown-code">{code}</p>
            <p className="barcode-unknown-text">{t('cylinders.public.counterfeit')}</p>
          </div>
        ) : q.error ? (
          <Alert type="error" title={q.error.message} data-testid="barcode-error" />
        ) : q.data ? (
          <CylinderAnswer c={q.data} />
        ) : null}
      </div>
    </div>
  );
}

/** A line of the answer: its label, then what the cylinder says. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="barcode-item">
      <dt>{label}</dt>
      <dd>
        <div>{children}</div>
      </dd>
    </div>
  );
}

function CylinderAnswer({ c }: { c: PublicCylinder }) {
  const { t } = useTranslation();
  const colour = INSPECTION_STATUS_COLOURS[c.inspectionStatus] ?? 'default';
  const banner = BANNER[colour] ?? BANNER.default!;
  const status = t(`cylinders.status.${c.inspectionStatus}`);
  return (
    <section className="barcode-result" data-testid="barcode-result" aria-label={status}>
      <div
        className="barcode-banner"
        data-testid="barcode-status"
        data-status={c.inspectionStatus}
        style={{ background: banner.bg, color: banner.fg }}
      >
        <div className="barcode-banner-status">{status}</div>
        <div className="barcode-banner-label" data-testid="barcode-label-valid" data-valid={c.labelValid}>
          {c.labelValid ? <CheckCircleIcon /> : <ErrorIcon />}{' '}
          {t(c.labelValid ? 'cylinders.public.labelValid' : 'cylinders.public.labelInvalid')}
        </div>
      </div>
      <div className="barcode-body">
        <dl className="barcode-items">
          <Item label={t('cylinders.field.containerNo')}>
            <span data-testid="barcode-container">{c.containerNo}</span>
          </Item>
          <Item label={t('cylinders.field.labelNo')}>{c.labelNo ?? '—'}</Item>
          <Item label={t('cylinders.public.spec')}>
            {[`${c.sizeKg} kg`, c.containerSpec, t(`cylinders.material.${c.material}`)].filter(Boolean).join(' · ')}
          </Item>
          <Item label={t('cylinders.field.nextInspectionDeadline')}>
            <span data-testid="barcode-deadline">{c.nextInspectionDeadline ?? '—'}</span>{' '}
            <Tag color={colour} className={`barcode-tag barcode-tag-${colour}`}>
              {status}
            </Tag>
          </Item>
          <Item label={t('cylinders.field.endOfLife')}>{c.endOfLifeDate ?? '—'}</Item>
          <Item label={t('cylinders.public.shop')}>
            <div data-testid="barcode-shop">{c.shop.name}</div>
            {c.shop.phone ? (
              <a className="barcode-tel" href={`tel:${c.shop.phone.replace(/[^\d+]/g, '')}`}>
                <PhoneIcon /> {c.shop.phone}
              </a>
            ) : null}
          </Item>
        </dl>
        {!c.labelValid ? <Alert type="warning" title={t('cylinders.public.advice')} data-testid="barcode-advice" /> : null}
      </div>
    </section>
  );
}
