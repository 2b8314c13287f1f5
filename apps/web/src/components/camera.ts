/**
 * Whether this browser can open a camera at all (a secure context with media devices): the camera scan
 * buttons show only then (a keyboard-wedge scanner or typing does the job everywhere). A file of its own,
 * without the reader (barcode-scanner.ts), so a page can ask before it loads the scanner's chunk.
 */
export const hasCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
