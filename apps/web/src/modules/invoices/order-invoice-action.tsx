import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSaleStatus, type BillingRow, type OrderListRow } from '@gasops/shared';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { useInvoiceSettings } from './hooks';
import type { InvoiceSource } from './issue-form';

/** The issue form: loaded with its first opening. */
const IssueInvoiceModal = lazyDialog(
  () => import('./issue-form'),
  (m) => m.IssueInvoiceModal,
);

/**
 * The "Issue invoice" action of a row an invoice is issued for (an order, a monthly bill): for an
 * invoiceable one of a store that issues uniform invoices, when the role may issue them. Opens the issue
 * form prefilled from the source; a source that has its invoice already answers it (the form says so).
 * When the row knows its invoice (`invoiceNumber`), the number is shown instead.
 */
function SourceInvoiceAction({
  source,
  invoiceable,
  invoiceNumber,
  testId,
}: {
  source: InvoiceSource;
  invoiceable: boolean;
  invoiceNumber?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const allowed = canDo(me, 'InvoiceLookup', 'create') && invoiceable && !invoiceNumber;
  const settings = useInvoiceSettings(allowed ? source.storeId : undefined);
  if (invoiceNumber)
    return (
      <Tag color="green" data-testid={`${testId}-number`}>
        {t('invoices.ui.invoiced', { number: invoiceNumber })}
      </Tag>
    );
  if (!allowed || !settings.data?.issuesInvoice) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={testId}>
        {t('invoices.ui.issue')}
      </Button>
      {open ? <IssueInvoiceModal source={source} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The order list's "Issue invoice" action: for a completed or paid order. */
export function OrderInvoiceAction({ order }: { order: OrderListRow }) {
  return (
    <SourceInvoiceAction
      source={{
        kind: 'order',
        id: order.id,
        orderNo: order.orderNo,
        storeId: order.storeId,
        customerId: order.customerId,
        totalAmount: order.totalAmount,
      }}
      invoiceable={isSaleStatus(order.status)}
      testId={`order-action-invoice-${order.id}`}
    />
  );
}

/** The monthly billing list's "Issue invoice" action: for a posted bill of the period with an amount, or its invoice's number. */
export function BillInvoiceAction({ row, period }: { row: BillingRow; period: string }) {
  if (!row.billId) return null;
  return (
    <SourceInvoiceAction
      source={{
        kind: 'bill',
        id: row.billId,
        period,
        customerName: row.customerName,
        storeId: row.storeId,
        customerId: row.customerId,
        totalAmount: row.amount ?? 0,
      }}
      invoiceable={row.status === 'posted' && (row.amount ?? 0) > 0}
      invoiceNumber={row.invoiceNumber}
      testId={`billing-invoice-${row.customerId}`}
    />
  );
}
