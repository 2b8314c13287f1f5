import { and, sql } from 'drizzle-orm';
import type { AlertKind, AlertRow } from '@gasops/shared';
import { iso, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { pageOf, type PageRequest } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { storeFilter } from '../../platform/tenancy.js';

/** Alerts of the caller's stores (open by default), newest first. */
export async function listAlerts(
  db: Executor,
  ctx: Ctx,
  q: PageRequest & { storeId?: number; status: 'open' | 'closed' | 'all'; kind?: AlertKind; keyword?: string },
) {
  const where = and(
    storeFilter(ctx, sql`a.store_id` as never, q.storeId),
    q.status === 'open' ? sql`a.closed_at is null` : q.status === 'closed' ? sql`a.closed_at is not null` : undefined,
    q.kind ? sql`a.kind = ${q.kind}` : undefined,
    keywordFilter(q.keyword, [sql`c.name`, sql`d.serial`]),
  );
  const { limit, offset } = pageOf(q);
  const rows = rowsOfResult<{
    id: number | string;
    kind: AlertKind;
    value: number | null;
    opened_at: Date | string;
    closed_at: Date | string | null;
    order_id: number | null;
    store_device_id: number;
    store_id: number;
    store_name: string;
    customer_id: number;
    customer_name: string;
    serial: string;
    total: number | string;
  }>(
    await db.execute(sql`
      select a.id, a.kind, a.value, a.opened_at, a.closed_at, a.order_id, a.store_device_id, a.store_id, s.name as store_name,
             a.customer_id, c.name as customer_name, d.serial, count(*) over () as total
        from iot_alerts a
        join stores s on s.id = a.store_id
        join customers c on c.id = a.customer_id
        join devices d on d.id = a.device_id
       where ${where}
       order by a.opened_at desc, a.id desc
       limit ${limit} offset ${offset}`),
  );
  const items: AlertRow[] = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    value: r.value,
    openedAt: isoNN(r.opened_at),
    closedAt: iso(r.closed_at),
    orderId: r.order_id,
    storeDeviceId: r.store_device_id,
    storeId: r.store_id,
    storeName: r.store_name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    serial: r.serial,
  }));
  return { items, total: rows.length ? Number(rows[0]!.total) : 0, page: q.page, pageSize: q.pageSize };
}
