import { Image } from 'antd';

/** A cylinder's photo at full size, over the page (cylinder-thumb.tsx opens it): antd's Image preview, its image hidden. */
export function PhotoPreview({ src, onClose }: { src: string; onClose: () => void }) {
  return <Image src={src} style={{ display: 'none' }} preview={{ open: true, src, onOpenChange: (open) => !open && onClose() }} />;
}
