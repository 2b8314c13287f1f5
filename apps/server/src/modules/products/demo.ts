import type { DemoSeed } from '../../platform/demo.js';
import { products, productTypes } from './products.schema.js';

/** The demo group's catalogue: cylinders by size, appliances, parts and services (prices in TWD cents). */
export const seedProductsDemo: DemoSeed = async (tx, demo) => {
  const groupId = demo.groupId;
  const types = await tx
    .insert(productTypes)
    .values([
      { groupId, name: '桶裝瓦斯', sortOrder: 1 },
      { groupId, name: '瓦斯器具', sortOrder: 2 },
      { groupId, name: '零件耗材', sortOrder: 3 },
      { groupId, name: '服務', sortOrder: 4 },
    ])
    .returning();
  const [gas, appliance, part, service] = types.map((t) => t.id) as [number, number, number, number];
  await tx.insert(products).values([
    { groupId, typeId: gas, name: '20公斤家用桶裝瓦斯', code: 'GAS-20', unit: '桶', price: 72000 },
    { groupId, typeId: gas, name: '16公斤家用桶裝瓦斯', code: 'GAS-16', unit: '桶', price: 57600 },
    { groupId, typeId: gas, name: '4公斤小鋼瓶瓦斯', code: 'GAS-04', unit: '桶', price: 18000 },
    { groupId, typeId: gas, name: '50公斤營業用瓦斯', code: 'GAS-50', unit: '桶', price: 175000 },
    { groupId, typeId: appliance, name: '雙口嵌入式瓦斯爐', code: 'STV-2B', unit: '台', price: 650000 },
    { groupId, typeId: appliance, name: '12公升屋外型熱水器', code: 'WH-12', unit: '台', price: 890000 },
    { groupId, typeId: part, name: '低壓調整器', code: 'REG-LP', unit: '個', price: 45000 },
    { groupId, typeId: part, name: '瓦斯管（每公尺）', code: 'HOSE-1M', unit: '公尺', price: 6000 },
    { groupId, typeId: part, name: '管束（2入）', code: 'CLAMP-2', unit: '組', price: 3000, active: false },
    { groupId, typeId: service, name: '瓦斯爐安裝', code: 'SVC-INST', unit: '次', price: 80000 },
    { groupId, typeId: service, name: '安全檢查', code: 'SVC-CHK', unit: '次', price: 0 },
  ]);
};
