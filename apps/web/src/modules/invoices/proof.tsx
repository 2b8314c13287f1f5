import { useState, type ReactElement } from 'react';
import { Button, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { proofRefusal, type Invoice } from '@gasops/shared';
import { lazyDialog } from '../../app/lazy';

/** The proof's preview and print dialog, loaded with its first opening. */
const ProofDialog = lazyDialog(
  () => import('./proof-dialog'),
  (m) => m.ProofDialog,
);

/**
 * The row action that prints an invoice's proof (證明聯): a dialog previews it and prints it on the
 * store's roll printer (browser print, page as wide as the printer) or opens its PDF. Every print is
 * recorded by the server first, so the second and later copies carry the 補印 (reprint) mark. A donated
 * invoice, one kept on a carrier and a voided one have no proof: the button is disabled and says why.
 */
export function PrintProofButton({ invoice }: { invoice: Invoice }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const refusal = proofRefusal(invoice);
  const label = refusal ? t(`invoices.proof.refused.${refusal}`) : t('invoices.proof.button');
  return (
    <>
      <Tooltip title={label}>
        {/* A disabled button gets no pointer events: the span keeps the reason's tooltip. */}
        <span>
          <Button
            size="small"
            icon={<PrinterOutlined />}
            disabled={!!refusal}
            onClick={() => setOpen(true)}
            aria-label={label}
            data-testid={`invoice-proof-${invoice.number}`}
          />
        </span>
      </Tooltip>
      {open ? <ProofDialog invoice={invoice} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
