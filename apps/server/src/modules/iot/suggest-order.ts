import { and, eq } from 'drizzle-orm';
import { ORDER_LIMITS, orderBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { assertStore, groupToday } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { createOrder } from '../orders/index.js';
import { devices, deviceState, iotAlerts, storeDevices } from './iot.schema.js';

/**
 * One click from an alert to a suggested gas order for the customer (orders module's createOrder:
 * priced, numbered and audited there): a full cylinder of the installed capacity, the current
 * residual gas for the refund, the scale's device id. Idempotent per alert: a second click returns
 * the same order.
 */
export async function suggestOrderFromAlert(db: Db, ctx: Ctx, alertId: number) {
  const [alert] = await db.select().from(iotAlerts).where(eq(iotAlerts.id, alertId));
  if (!alert) throw notFound();
  assertStore(ctx, alert.storeId);
  const [sd] = await db.select().from(storeDevices).where(eq(storeDevices.id, alert.storeDeviceId));
  const [device] = await db.select().from(devices).where(eq(devices.id, alert.deviceId));
  // The latest state only when its reading is this installation's (the scale may since weigh
  // another household's cylinder); an uninstalled installation refunds its frozen residual.
  const [state] = await db
    .select()
    .from(deviceState)
    .where(and(eq(deviceState.deviceId, alert.deviceId), eq(deviceState.storeDeviceId, alert.storeDeviceId)));
  const [customer] = await db.select().from(customers).where(eq(customers.id, alert.customerId));
  if (!sd || !device || !customer) throw notFound();
  const weighed = state && !sd.uninstallDate ? Math.max(0, state.grossGrams - sd.tareGrams) : (sd.residualGrams ?? 0);
  // A scale's noise (or a wrong tare) must not make the suggested order invalid: the refund is
  // never for more than the cylinder held.
  const residual = Math.min(weighed, sd.capacityGrams, ORDER_LIMITS.residualG);
  const body = orderBody.parse({
    storeId: alert.storeId,
    customerId: alert.customerId,
    orderDate: await groupToday(db, alert.groupId),
    deliveryAddress: customer.address,
    scaleDeviceId: device.serial,
    gasWeightG: sd.capacityGrams,
    residualGasG: residual,
    remark: `IoT #${alert.id} (${alert.kind})`,
  });
  const { result: order } = await createOrder(db, ctx, body, `iot-alert-${alert.id}`);
  if (alert.orderId !== order.id) {
    await db.transaction(async (tx) => {
      await tx.update(iotAlerts).set({ orderId: order.id }).where(eq(iotAlerts.id, alert.id));
      await recordAction(tx, ctx, {
        entity: 'iot_alerts',
        entityId: alert.id,
        action: 'suggestOrder',
        before: alert,
        after: { ...alert, orderId: order.id },
        groupId: alert.groupId,
      });
    });
  }
  return { orderId: order.id, order };
}
