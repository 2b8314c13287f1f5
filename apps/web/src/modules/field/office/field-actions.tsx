import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../app/lazy';

/** The list in the drawer: loaded when the drawer opens. */
const FieldActionsList = lazyComponent(
  () => import('./field-actions-list'),
  (m) => m.FieldActionsList,
);

/**
 * The dispatch screen's "Field actions": what the phones did on a day (deliveries with the cash
 * collected, returns, refills, inspections), with person, device and server time, order, status and
 * conflict reasons. A delivery whose order is completed can have the cash the driver hands in
 * posted from here (the orders' payment form); conflicts are resolved in pending data.
 */
export function FieldActionsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MobileOutlined />} onClick={() => setOpen(true)} data-testid="field-actions-open">
        {t('field.office.actionsButton')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        width="min(1400px, calc(100vw - 24px))"
        title={t('field.office.actionsTitle')}
        destroyOnHidden
      >
        {open ? <FieldActionsList /> : null}
      </Drawer>
    </>
  );
}
