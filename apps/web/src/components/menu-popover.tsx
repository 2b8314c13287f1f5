import type { ReactNode } from 'react';
import { Popover } from 'antd';

/**
 * A header button's small menu (the language switch, the user menu): a popover holding a column of
 * text buttons, opened by a click. Not antd's Dropdown: its Menu would add ~20 KB gzip to the shell
 * that every page loads, the login page and the field app included (issue 16).
 */
export function MenuPopover({
  open,
  onOpenChange,
  items,
  minWidth,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu's content: buttons with role menuitem / menuitemradio (and a heading, if any). */
  items: ReactNode;
  minWidth: number;
  /** The button that opens it. */
  children: ReactNode;
}) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      content={
        <div role="menu" style={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', minWidth }}>
          {items}
        </div>
      }
      styles={{ container: { padding: 4 } }}
    >
      {children}
    </Popover>
  );
}
