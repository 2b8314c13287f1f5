import { useEffect, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import type { InvoiceProof } from '@gasops/shared';
import './proof.css';

/** A server-made SVG symbol as an image (no markup of the answer enters the page). */
const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The proof (證明聯) as DOMAIN.md lays it out, 5.7 cm wide: seller, title (補印 on a reprint), period,
 * number, date and time (格式 25 for a business buyer), random code and total, seller and buyer UBN,
 * the Code39 barcode and the two QR codes side by side. Sizes are in millimetres so the printout is
 * the proof's real size; the symbols are the server's (bwip-js), the same ones the PDF prints.
 */
export function ProofSheet({ proof, testId = 'proof-sheet' }: { proof: InvoiceProof; testId?: string }): ReactElement {
  const f = proof.face;
  return (
    <div className="invoice-proof" data-testid={testId} data-reprint={proof.reprint ? 'true' : 'false'}>
      <div className="invoice-proof-seller">{f.sellerName}</div>
      <div className="invoice-proof-title" data-testid={`${testId}-title`}>
        {f.title}
      </div>
      <div className="invoice-proof-big">{f.period}</div>
      <div className="invoice-proof-big" data-testid={`${testId}-number`}>
        {f.number}
      </div>
      <div className="invoice-proof-pair">
        <span>{f.dateTime}</span>
        {f.format ? <span>{f.format}</span> : null}
      </div>
      <div className="invoice-proof-pair">
        <span>{f.randomCode}</span>
        <span>{f.total}</span>
      </div>
      <div className="invoice-proof-pair">
        <span>{f.seller}</span>
        {f.buyer ? <span>{f.buyer}</span> : null}
      </div>
      <img className="invoice-proof-code39" src={svgSrc(proof.code39.svg)} alt={proof.code39.text} data-testid={`${testId}-code39`} />
      <div className="invoice-proof-qrs">
        <img src={svgSrc(proof.qrLeft.svg)} alt="QR" data-testid={`${testId}-qr-left`} />
        <img src={svgSrc(proof.qrRight.svg)} alt="QR" data-testid={`${testId}-qr-right`} />
      </div>
    </div>
  );
}

/**
 * Prints one proof on the store's roll printer: the proof alone on a page as wide as the printer
 * (57/58/80 mm, `@page` set while printing), then `onDone`. The app's A4 print rules stay for every
 * other page. `onDone` must be stable (a new one prints again).
 */
export function ProofPrintout({ proof, onDone }: { proof: InvoiceProof; onDone: () => void }): ReactElement {
  useEffect(() => {
    const page = document.createElement('style');
    document.head.appendChild(page);
    document.documentElement.classList.add('printing-proof');
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      onDone();
    };
    window.addEventListener('afterprint', finish);
    // Print once the symbols are drawn (images from data URLs decode at once, but not synchronously).
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('.invoice-proof-print img'));
    void Promise.all(images.map((img) => img.decode().catch(() => undefined))).then(() => {
      if (done) return;
      // Roll paper: the page is the printer's width and the proof's own height (CSS px are 1/96 in).
      const sheet = document.querySelector<HTMLElement>('.invoice-proof-print .invoice-proof');
      const heightMm = Math.ceil(((sheet?.getBoundingClientRect().height ?? 0) * 25.4) / 96) + 1;
      page.textContent = `@media print { @page { size: ${proof.widthMm}mm ${heightMm}mm; margin: 0; } }`;
      window.print();
      finish();
    });
    return () => {
      done = true;
      window.removeEventListener('afterprint', finish);
      page.remove();
      document.documentElement.classList.remove('printing-proof');
    };
  }, [proof, onDone]);
  return createPortal(
    <div className="invoice-proof-print" style={{ width: `${proof.widthMm}mm` }}>
      <ProofSheet proof={proof} testId="proof-printout" />
    </div>,
    document.body,
  );
}
