import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSaleStatus, type OrderListRow } from '@gasops/shared';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { useInvoiceSettings } from './hooks';
import { IssueInvoiceModal } from './issue-form';

/**
 * The order list's "Issue invoice" action: for a completed or paid order of a store that issues uniform
 * invoices, when the role may issue them. Opens the issue form prefilled from the order; an order that
 * has its invoice already answers it (the form says so).
 */
export function OrderInvoiceAction({ order }: { order: OrderListRow }) {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const allowed = canDo(me, 'InvoiceLookup', 'create') && isSaleStatus(order.status);
  const settings = useInvoiceSettings(allowed ? order.storeId : undefined);
  if (!allowed || !settings.data?.issuesInvoice) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`order-action-invoice-${order.id}`}>
        {t('invoices.ui.issue')}
      </Button>
      {open ? <IssueInvoiceModal order={order} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
