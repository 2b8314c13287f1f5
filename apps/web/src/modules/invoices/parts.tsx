import { Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_PERIODS,
  INVOICE_STATUSES,
  INVOICE_UPLOAD_STATUSES,
  toRocYear,
  type Invoice,
  type InvoiceStatus,
  type InvoiceUploadStatus,
  type RocPeriod,
} from '@gasops/shared';

/** Pieces the invoice screens share: the period's words, ROC dates, status tags and the period picker. */

/** A period in the user's language: `115年 1-2 月`, `ROC 115 Jan–Feb`. */
export function usePeriodText() {
  const { t } = useTranslation();
  return (p: RocPeriod | { rocYear: number; period: number }) =>
    t('invoices.ui.periodName', { rocYear: p.rocYear, months: t(`invoices.period.${p.period}`) });
}

/** `2026-03-05` → `115/03/05`, the way Taiwanese documents write dates. */
export function rocSlashDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${toRocYear(Number(y))}/${m}/${d}`;
}

/** A date shown as the product shows dates (Gregorian), with the ROC date under it. */
export function InvoiceDate({ date }: { date: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {date}
      <br />
      <Typography.Text type="secondary">{t('invoices.ui.rocDate', { date: rocSlashDate(date) })}</Typography.Text>
    </span>
  );
}

const STATUS_COLOURS: Record<InvoiceStatus, string> = { issued: 'green', voided: 'red', allowance: 'orange' };
export function StatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="invoice-status">
      {t(`invoices.status.${status}`)}
    </Tag>
  );
}

const UPLOAD_COLORS: Record<InvoiceUploadStatus, string> = { pending: 'default', processing: 'blue', good: 'green', error: 'red' };
export function UploadTag({ status }: { status: InvoiceUploadStatus }) {
  const { t } = useTranslation();
  return <Tag color={UPLOAD_COLORS[status]}>{t(`invoices.upload.${status}`)}</Tag>;
}

/**
 * An invoice's upload state with its deadline (DOMAIN.md: B2C 2 days, B2B 7 days after issue or void):
 * the days left while it is not accepted, red once the deadline has passed, and the platform's error.
 */
export function UploadState({ invoice, today }: { invoice: Invoice; today: string }) {
  const { t } = useTranslation();
  const tag = <UploadTag status={invoice.uploadStatus} />;
  if (invoice.uploadStatus === 'good') return tag;
  const days = Math.round((Date.parse(invoice.uploadDeadline) - Date.parse(today)) / 86_400_000);
  const when = invoice.uploadOverdue
    ? t('invoices.upload.overdue', { date: invoice.uploadDeadline })
    : days <= 0
      ? t('invoices.upload.dueToday')
      : t('invoices.upload.dueIn', { days });
  return (
    <Space orientation="vertical" size={0} data-testid={`invoice-upload-${invoice.number}`}>
      {invoice.uploadError ? <Tooltip title={t('invoices.upload.failedWith', { error: invoice.uploadError })}>{tag}</Tooltip> : tag}
      <Typography.Text type={invoice.uploadOverdue ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {when}
      </Typography.Text>
    </Space>
  );
}

/** value → words of the statuses, for exports. */
export function useStatusLabels() {
  const { t } = useTranslation();
  return {
    status: Object.fromEntries(INVOICE_STATUSES.map((s) => [s, t(`invoices.status.${s}`)])),
    upload: Object.fromEntries(INVOICE_UPLOAD_STATUSES.map((s) => [s, t(`invoices.upload.${s}`)])),
  };
}

/** The six two-month periods (`1-2 月` … `11-12 月`). */
export function PeriodSelect({
  value,
  onChange,
  allowClear,
  placeholder,
  testId,
  disabled,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select<number>
      data-testid={testId}
      style={{ minWidth: 130 }}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={INVOICE_PERIODS.map((p) => ({ value: p, label: t(`invoices.period.${p}`) }))}
    />
  );
}
