import { shiftDate } from '@gasops/shared';
import type { DemoSeed } from '../../platform/demo.js';
import { expenseItems, expenses } from './finance.schema.js';

const ITEMS = [
  { name: '店面租金', type: 'operating', amount: 250_000, everyDays: 30 },
  { name: '司機薪資', type: 'salary', amount: 450_000, everyDays: 30 },
  { name: '月績效獎金', type: 'bonus', amount: 50_000, everyDays: 30 },
  { name: '配件銷售抽成', type: 'commission', amount: 8_000, everyDays: 15 },
  { name: '瓦斯進貨款', type: 'vendor', amount: 600_000, everyDays: 30 },
  { name: '車輛油資', type: 'operating', amount: 22_000, everyDays: 7 },
  { name: '文具雜支', type: 'misc', amount: 4_000, everyDays: 14 },
] as const;

/** Demo expense items of every demo store and their expenses over the last 90 days. */
export const seedFinanceDemo: DemoSeed = async (tx, demo) => {
  const day = (offset: number) => shiftDate(demo.today, { days: -offset });
  for (const [storeIndex, store] of demo.stores.entries()) {
    const rows = await tx
      .insert(expenseItems)
      .values(ITEMS.map((i) => ({ groupId: demo.groupId, storeId: store.id, name: i.name, type: i.type })))
      .returning({ id: expenseItems.id });
    const values = ITEMS.flatMap((item, k) => {
      const out = [];
      for (let offset = 2 + storeIndex + k; offset < 90; offset += item.everyDays)
        out.push({
          groupId: demo.groupId,
          storeId: store.id,
          expenseDate: day(offset),
          itemId: rows[k]!.id,
          type: item.type,
          // Slightly different figures per store and month, like a real ledger.
          amount: Math.round((item.amount * (100 - storeIndex * 7 + (offset % 5))) / 100),
          createdBy: demo.users.manager,
        });
      return out;
    });
    if (values.length) await tx.insert(expenses).values(values);
  }
};
