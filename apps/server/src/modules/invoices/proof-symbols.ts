/**
 * The proof's three symbols (DOMAIN.md), made by bwip-js on the server: the browser shows them as SVG
 * (no barcode code in the web bundle, one renderer for screen and PDF) and the PDF embeds the same
 * symbols as PNG. Code39 without a check character, the QR codes in byte mode at error correction
 * level L (the most data for the size a 5.7 cm proof gives each code). No quiet zone is drawn: the
 * proof's layout keeps white space around each symbol.
 */

/** bwip-js, loaded with the first symbol, not at start. */
const bwip = async () => (await import('bwip-js/node')).default;

export type ProofSymbolKind = 'code39' | 'qrcode';

const options = (kind: ProofSymbolKind, text: string) =>
  kind === 'code39' ? { bcid: 'code39', text, height: 6, includetext: false } : { bcid: 'qrcode', text, eclevel: 'L' };

/**
 * The symbol as SVG, scaled to its box by the page: the Code39 stretches to the proof's width and bar
 * height (its bars only widen), a QR code keeps its square.
 */
export async function symbolSvg(kind: ProofSymbolKind, text: string): Promise<string> {
  const svg = (await bwip()).toSVG(options(kind, text));
  return kind === 'code39' ? svg.replace(/^<svg /, '<svg preserveAspectRatio="none" ') : svg;
}

/** The symbol as a PNG on white, `scale` pixels per module, for the PDF. */
export const symbolPng = async (kind: ProofSymbolKind, text: string, scale = 4): Promise<Buffer> =>
  (await bwip()).toBuffer({ ...options(kind, text), scale, backgroundcolor: 'FFFFFF' });
