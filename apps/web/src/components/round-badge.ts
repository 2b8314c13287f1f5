import type { CSSProperties } from 'react';

/**
 * The style of a round badge (the mobile header's store initial, a stop's number on the round): a disc of
 * `size` px with its text centred and bold. Plain style, no antd, so the field app uses it too.
 */
export function roundBadge(size: number, background: string): CSSProperties {
  return {
    flex: 'none',
    width: size,
    height: size,
    borderRadius: size / 2,
    background,
    display: 'grid',
    placeItems: 'center',
    fontWeight: 700,
  };
}
