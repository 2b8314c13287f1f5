import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../app/lazy';
import { cylinderImageUrl } from './hooks';

/** The photo at full size (antd's Image preview, 12.5 KB gzip): loaded with its first opening (issue 16). */
const PhotoPreview = lazyDialog(
  () => import('./photo-preview'),
  (m) => m.PhotoPreview,
);

/** The cylinder's photo as its 160 px thumbnail (made by the server); a click opens the photo itself. */
export function CylinderThumb({ id, hasImage, version, size = 40 }: { id: number; hasImage: boolean; version?: string; size?: number }) {
  const { t } = useTranslation();
  if (!hasImage)
    return (
      <span
        aria-label={t('cylinders.ui.noImage')}
        style={{
          display: 'inline-grid',
          placeItems: 'center',
          width: size,
          height: size,
          background: '#f3f4f6',
          borderRadius: 4,
          color: '#9ca3af',
        }}
      >
        <PictureOutlined />
      </span>
    );
  return <Thumb id={id} version={version} size={size} />;
}

function Thumb({ id, version, size }: { id: number; version?: string; size: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="cylinder-thumb"
        onClick={() => setOpen(true)}
        aria-label={t('cylinders.field.image')}
        data-testid={`cylinder-thumb-${id}`}
      >
        <img
          src={cylinderImageUrl(id, version, 'thumb')}
          alt={t('cylinders.field.image')}
          width={size}
          height={size}
          style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
        />
      </button>
      {open ? <PhotoPreview src={cylinderImageUrl(id, version)} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
