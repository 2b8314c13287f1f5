import { useEffect, useRef, useState, type RefObject } from 'react';
import { BarcodeDetector as ZXingDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The ZXing reader's WebAssembly, served by GasOps itself (a hashed /assets file the service worker
// precaches): the package would otherwise fetch it from a CDN, which fails offline.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The camera reading of every screen that reads labels, without any UI: the manager side's dialog
 * (camera-scanner.tsx, antd) and the field app's (modules/field/scanner-dialog.tsx, no antd) show it.
 * Reads one barcode or QR code from the back camera: the browser's `BarcodeDetector` where it has
 * one (Chrome on Android, macOS, ChromeOS), else the `barcode-detector` polyfill (ZXing-C++ compiled
 * to WebAssembly), so it works in every browser with a camera. Import it lazily (with its dialog):
 * the reader is a chunk of its own, loaded when the camera button is first pressed.
 */
const FORMATS = ['code_128', 'code_39', 'code_93', 'codabar', 'ean_13', 'ean_8', 'itf', 'qr_code', 'data_matrix'] as const;

type Detected = { rawValue: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type NativeDetectorClass = {
  new (options?: { formats?: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

let wasmPrepared = false;
function prepareWasm() {
  if (wasmPrepared) return;
  wasmPrepared = true;
  prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? zxingWasmUrl : prefix + file) },
  });
}

/** What a camera dialog takes (components/camera-scanner.tsx, the field's scanner-dialog.tsx). */
export type ScannerDialogProps = {
  /** Called with each code read. */
  onCode: (code: string) => void;
  onClose: () => void;
  /** The dialog's title, in the caller's words. */
  title: string;
  /** Shown when the camera cannot be opened (no permission, no camera). */
  failedText: string;
};

/** The browser's own detector when it reads our formats, else the WebAssembly one. */
export async function createDetector(): Promise<Detector> {
  const Native = (globalThis as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && Native !== (ZXingDetector as unknown)) {
    try {
      const supported = (await Native.getSupportedFormats?.()) ?? [];
      const formats = FORMATS.filter((f) => supported.includes(f));
      if (formats.length > 0) return new Native({ formats });
    } catch {
      // Present but unusable (no platform backend): fall back to ZXing.
    }
  }
  prepareWasm();
  return new ZXingDetector({ formats: [...FORMATS] });
}

/**
 * Opens the back camera into `video` while the component is shown and looks at a frame every 200 ms
 * until one holds a code, which goes to `onCode` (once); the camera is closed when the component
 * goes. `failed`: why the camera did not open (the error's name and message, e.g. NotAllowedError),
 * null while it is fine.
 */
export function useBarcodeScanner(onCode: (code: string) => void): { video: RefObject<HTMLVideoElement | null>; failed: string | null } {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const done = useRef(onCode);
  useEffect(() => {
    done.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let detector: Detector | null = null;
    const look = async () => {
      if (stopped || !video.current || !detector) return;
      try {
        if (video.current.readyState >= 2) {
          const found = await detector.detect(video.current);
          const code = found.find((f) => f.rawValue.trim())?.rawValue.trim();
          if (code && !stopped) {
            stopped = true;
            done.current(code);
            return;
          }
        }
      } catch {
        // A frame that could not be read (not ready, decoding error): look at the next one.
      }
      timer = setTimeout(() => void look(), 200);
    };
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        const [s, d] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createDetector(),
        ]);
        stream = s;
        detector = d;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      } catch (error) {
        if (!stopped) setFailed(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return { video, failed };
}
