import { and, eq } from 'drizzle-orm';
import { shiftDate } from '@gasops/shared';
import { hashPassword } from '../../platform/auth.js';
import { DEMO_PASSWORD, type DemoSeed } from '../../platform/demo.js';
import { roles, users, userStores } from '../../platform/platform.schema.js';
import { categories } from '../customers/customers.schema.js';
import { rng } from '../../platform/demo-random.js';
import { deliveryPersons, deliveryRoutes, storeProducts } from './catalogue.schema.js';

/** Store products (with a price change last month), delivery staff per store, delivery routes. */
export const seedCatalogueDemo: DemoSeed = async (tx, demo) => {
  const r = rng(3000);
  const cats = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.groupId, demo.groupId), eq(categories.kind, 'product')));
  const cat = (name: string) => cats.find((c) => c.name === name)?.id ?? null;
  const firstOfMonth = `${demo.today.slice(0, 7)}-01`;
  const longAgo = shiftDate(demo.today, { days: -400 });
  const products: (typeof storeProducts.$inferInsert)[] = [];
  for (const store of demo.stores) {
    const base = { groupId: demo.groupId, storeId: store.id };
    products.push(
      // the regulator went up this month: the old price is valid until the end of last month
      {
        ...base,
        name: '瓦斯調整器',
        salePrice: 35000,
        categoryId: cat('瓦斯配件'),
        startDate: longAgo,
        endDate: shiftDate(firstOfMonth, { days: -1 }),
      },
      { ...base, name: '瓦斯調整器', salePrice: 38000, categoryId: cat('瓦斯配件'), startDate: firstOfMonth, endDate: null },
      { ...base, name: '瓦斯軟管（1.5 公尺）', salePrice: 18000, categoryId: cat('瓦斯配件'), startDate: longAgo, endDate: null },
      { ...base, name: '自動遮斷器', salePrice: 120000, categoryId: cat('安全設備'), startDate: longAgo, endDate: null },
      { ...base, name: '一氧化碳警報器', salePrice: 80000, categoryId: cat('安全設備'), startDate: longAgo, endDate: null },
      { ...base, name: '卡式爐瓦斯罐（3 入）', salePrice: 12000, categoryId: cat('廚房用品'), startDate: longAgo, endDate: null },
    );
  }
  await tx.insert(storeProducts).values(products);

  // Delivery staff: the demo driver in the first store, and one more driver account per other store.
  const [driverRole] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.groupId, demo.groupId), eq(roles.code, 'driver')));
  const hash = await hashPassword(DEMO_PASSWORD);
  const staff: { storeId: number; userId: number }[] = [{ storeId: demo.stores[0]!.id, userId: demo.users.driver }];
  const extra = [
    { account: 'driver2', name: '陳志強' },
    { account: 'driver3', name: '黃建國' },
  ];
  for (const [i, d] of extra.entries()) {
    const store = demo.stores[i + 1];
    if (!store) break;
    const [u] = await tx
      .insert(users)
      .values({
        groupId: demo.groupId,
        account: d.account,
        name: d.name,
        email: `${d.account}@fuqi-gas.example`,
        passwordHash: hash,
        roleId: driverRole?.id ?? null,
        defaultStoreId: store.id,
      })
      .returning();
    await tx.insert(userStores).values({ userId: u!.id, storeId: store.id });
    staff.push({ storeId: store.id, userId: u!.id });
  }
  // the first store has a second delivery person: the manager helps out at peak times
  staff.push({ storeId: demo.stores[0]!.id, userId: demo.users.manager });
  await tx.insert(deliveryPersons).values(staff.map((s) => ({ ...s, groupId: demo.groupId })));

  const places = ['社區大樓', '工業區', '市場', '學校', '山區住宅', '商圈'];
  const routes: (typeof deliveryRoutes.$inferInsert)[] = [];
  for (const store of demo.stores) {
    for (let i = 0; i < 5; i++) {
      const km = [2, 5, 9, 14, 22][i]! + r.next();
      const bearing = r.next() * 2 * Math.PI;
      routes.push({
        groupId: demo.groupId,
        storeId: store.id,
        address: `${store.name.replace('福氣瓦斯 ', '')}${places[(i + store.id) % places.length]}（${Math.round(km)} 公里）`,
        latitude: Math.round((store.latitude + (km / 111) * Math.cos(bearing)) * 1e6) / 1e6,
        longitude:
          Math.round((store.longitude + (km / (111 * Math.cos((store.latitude * Math.PI) / 180))) * Math.sin(bearing)) * 1e6) / 1e6,
        distanceM: Math.round(km * 1000),
        durationMin: Math.round(km * 3 + 5),
        amountPerDispatch: Math.round(km * 1000) * 2 + 5000,
        remarks: i === 4 ? '需事先預約' : null,
      });
    }
  }
  await tx.insert(deliveryRoutes).values(routes);
};
