import { Button, Space } from 'antd';
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { storeScopeHeaders, type QueryValue } from '../app/api';
import './print.css';

/** Where a screen's PDF is: an API path (`/reports/daily.pdf`) and its query. */
export type PdfTarget = { path: string; query?: Record<string, QueryValue> };

/**
 * The address of a server-made PDF; it opens in the browser's own viewer (signed-in by cookie). A link
 * sends no `X-Store-Scope`, so a query without a store names the header's store itself.
 */
export function pdfUrl({ path, query }: PdfTarget, scoped = true): string {
  const params = new URLSearchParams();
  const scope = storeScopeHeaders()['X-Store-Scope'];
  if (scoped && scope && (query?.storeId === undefined || query.storeId === null || query.storeId === '')) params.set('storeId', scope);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Opens a PDF in a new tab. */
export function openPdf(target: PdfTarget): void {
  window.open(pdfUrl(target), '_blank', 'noopener');
}

/**
 * The print buttons of a print-ready screen: "Print" prints the page as it is (print CSS: only the
 * content, on A4), "PDF" opens the server's PDF of the same thing. Neither prints itself.
 */
export function PrintButtons({ pdf, testId = 'print' }: { pdf?: PdfTarget; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space.Compact className="no-print">
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid={`${testId}-button`}>
        {t('common.print')}
      </Button>
      {pdf ? (
        <Button icon={<FilePdfOutlined />} href={pdfUrl(pdf)} target="_blank" rel="noopener" data-testid={`${testId}-pdf`}>
          {t('common.printPdf')}
        </Button>
      ) : null}
    </Space.Compact>
  );
}
