import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@gasops/shared';
import { showError, showSuccess } from '../../app/feedback';
import { useSaveCylinderImage } from './hooks';

/**
 * A cylinder's photo upload, shared by the back office's drawer (cylinder-detail.tsx) and the
 * phone's sheet (mobile-detail.tsx). No antd here: the field app loads it.
 */

/** The image types the photo input offers (its `accept`). */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** A file as the base64 the image route takes (without the data: prefix). */
export function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Sends a chosen file as cylinder `id`'s photo: a JPEG, PNG or WebP of at most MAX_IMAGE_BYTES, else
 * the rule is shown and nothing is sent. `onSaved` runs after the upload (to reload the photo).
 */
export function useCylinderImageUpload(id: number, onSaved: () => void) {
  const { t } = useTranslation();
  const upload = useSaveCylinderImage();
  const send = async (file: File) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > MAX_IMAGE_BYTES) {
      showError(t('cylinders.ui.imageRule'));
      return;
    }
    try {
      await upload.mutateAsync({ id, body: { contentType: file.type as (typeof IMAGE_TYPES)[number], data: await base64Of(file) } });
      onSaved();
      showSuccess(t('feedback.success.saved'));
    } catch {
      // The API client has shown why.
    }
  };
  return { send, pending: upload.isPending };
}
