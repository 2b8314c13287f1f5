import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { displayInvoiceNumber, type Invoice, type InvoiceProof } from '@gasops/shared';
import { api } from '../../app/api';
import { pdfUrl } from '../../components/print';
import { ProofPrintout, ProofSheet } from './proof-sheet';

const proofKey = (id: number) => ['invoices', 'proof', id] as const;

/** The proof's preview and print (PrintProofButton in proof.tsx opens it; loaded with its first opening). */
export function ProofDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [printout, setPrintout] = useState<InvoiceProof | null>(null);
  const printed = useCallback(() => setPrintout(null), []);
  const preview = useQuery({
    queryKey: proofKey(invoice.id),
    // A refusal (no QR key) is said in the dialog, not as a notice too.
    queryFn: ({ signal }) => api.get<InvoiceProof>(`/invoices/${invoice.id}/proof`, { signal, silent: [409] }),
    retry: false,
  });
  const record = useMutation({
    mutationFn: () => api.post<InvoiceProof>(`/invoices/${invoice.id}/proof/print`),
    onSettled: () => void qc.invalidateQueries({ queryKey: proofKey(invoice.id) }),
  });
  const print = () => record.mutate(undefined, { onSuccess: (copy) => setPrintout(copy) });
  // The PDF is the copy of the print just recorded; its tab opens now (a later one would be blocked).
  const pdf = () => {
    const tab = window.open('', '_blank');
    record.mutate(undefined, {
      onSuccess: () => {
        if (!tab) return;
        tab.opener = null;
        tab.location.href = pdfUrl({ path: `/invoices/${invoice.id}/proof.pdf` }, false);
      },
      onError: () => tab?.close(),
    });
  };
  const proof = preview.data;
  return (
    <Modal
      open
      title={t('invoices.proof.title', { number: displayInvoiceNumber(invoice.number) })}
      onCancel={onClose}
      width={420}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button icon={<FilePdfOutlined />} disabled={!proof} loading={record.isPending} onClick={pdf} data-testid="proof-pdf">
            {t('common.printPdf')}
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!proof}
            loading={record.isPending}
            onClick={print}
            data-testid="proof-print"
          >
            {t('common.print')}
          </Button>
        </Space>
      }
    >
      {preview.isError ? (
        <Alert type="error" showIcon title={preview.error.message} data-testid="proof-error" />
      ) : !proof ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type={proof.reprint ? 'warning' : 'info'}
            showIcon
            title={proof.prints > 0 ? t('invoices.proof.printed', { count: proof.prints }) : t('invoices.proof.firstPrint')}
            data-testid="proof-prints"
          />
          <Typography.Text type="secondary">{t('invoices.proof.printerWidth', { width: proof.widthMm })}</Typography.Text>
          <div className="invoice-proof-preview">
            <ProofSheet proof={proof} />
          </div>
        </Space>
      )}
      {printout ? <ProofPrintout proof={printout} onDone={printed} /> : null}
    </Modal>
  );
}
