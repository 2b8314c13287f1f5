import type { ReactNode } from 'react';
import { strokeIcon } from '../../components/svg-icon';

/**
 * The field app's icons: small inline SVGs drawn on a 24-unit grid with a 2-unit stroke in the text
 * colour (no icon font, no icon runtime: the antd icon package would bring its own). Decorative: the
 * button or text beside them names the action.
 */
const icon = (name: string, body: ReactNode) => strokeIcon(name, body, 'f-icon');

export const TruckIcon = icon(
  'Truck',
  <>
    <path d="M2 6h12v10H2z" />
    <path d="M14 10h4l3 3.5V16h-7z" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </>,
);
export const ReturnIcon = icon(
  'Return',
  <>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H10" />
  </>,
);
export const FlaskIcon = icon(
  'Flask',
  <>
    <path d="M9 3h6" />
    <path d="M10 3v6l-5.6 9.6A2 2 0 0 0 6.1 21.5h11.8a2 2 0 0 0 1.7-2.9L14 9V3" />
    <path d="M7 15h10" />
  </>,
);
export const ShieldIcon = icon(
  'Shield',
  <>
    <path d="M12 2.5 20 5.5v5.7c0 4.8-3.4 8.8-8 10.3-4.6-1.5-8-5.5-8-10.3V5.5z" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </>,
);
export const HomeIcon = icon(
  'Home',
  <>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 10v10h5v-6h3v6h5V10" />
  </>,
);
export const CloudIcon = icon('Cloud', <path d="M7 19h10.5a4.5 4.5 0 0 0 .6-9 6.5 6.5 0 0 0-12.4 1.5A3.8 3.8 0 0 0 7 19z" />);
export const CloudOffIcon = icon(
  'CloudOff',
  <>
    <path d="M7 19h10.5a4.5 4.5 0 0 0 .6-9 6.5 6.5 0 0 0-12.4 1.5A3.8 3.8 0 0 0 7 19z" />
    <path d="M3 3l18 18" />
  </>,
);
export const SyncIcon = icon(
  'Sync',
  <>
    <path d="M20 11a8 8 0 0 0-14.6-4.5M4 3v4h4" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5M20 21v-4h-4" />
  </>,
);
export const TrashIcon = icon(
  'Trash',
  <>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="m19 6-1 14H6L5 6" />
    <path d="M10 11v6M14 11v6" />
  </>,
);
export const CameraIcon = icon(
  'Camera',
  <>
    <path d="M3 7.5h4l2-3h6l2 3h4v12H3z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
);
export const CrosshairIcon = icon(
  'Crosshair',
  <>
    <circle cx="12" cy="12" r="7.5" />
    <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
  </>,
);
export const ScanIcon = icon(
  'Scan',
  <>
    <path d="M3 8V4h4M21 8V4h-4M3 16v4h4M21 16v4h-4" />
    <path d="M7.5 8v8M10.5 8v8M13.5 8v8M16.5 8v8" />
  </>,
);
export const PlusIcon = icon('Plus', <path d="M12 5v14M5 12h14" />);
export const ArrowLeftIcon = icon('ArrowLeft', <path d="M19 12H5m6 7-7-7 7-7" />);
export const PhoneIcon = icon(
  'Phone',
  <path d="M5.5 3H9l2 5-2.5 1.6a11 11 0 0 0 5.9 5.9L16 13l5 2v3.5A2.5 2.5 0 0 1 18.5 21 15.5 15.5 0 0 1 3 5.5 2.5 2.5 0 0 1 5.5 3z" />,
);
export const PinIcon = icon(
  'Pin',
  <>
    <path d="M12 21.5s7-6.3 7-11.5a7 7 0 0 0-14 0c0 5.2 7 11.5 7 11.5z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
);
export const CloseIcon = icon('Close', <path d="M6 6l12 12M18 6 6 18" />);
export const WarningIcon = icon(
  'Warning',
  <>
    <path d="M12 3.5 2.5 20h19z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </>,
);
export const InfoIcon = icon(
  'Info',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </>,
);
export const CheckCircleIcon = icon(
  'CheckCircle',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 9.8" />
  </>,
);
export const ErrorIcon = icon(
  'Error',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6m0-6-6 6" />
  </>,
);
