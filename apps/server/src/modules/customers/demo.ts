import { shiftDate, type CustomerType } from '@gasops/shared';
import type { DemoSeed } from '../../platform/demo.js';
import { categories, customers } from './customers.schema.js';
import { addDays, rng } from '../../platform/demo-random.js';

const SURNAMES = ['陳', '林', '黃', '張', '李', '王', '吳', '劉', '蔡', '楊', '許', '鄭', '謝', '郭', '洪', '邱', '曾', '廖', '賴', '周'];
const GIVEN = ['淑芬', '志明', '美惠', '建宏', '雅婷', '俊傑', '麗華', '家豪', '秀英', '宗翰', '怡君', '冠宇', '佩珊', '文雄', '玉蘭'];
const SHOPS = ['阿財麵店', '好味小吃', '老張牛肉麵', '幸福早餐店', '鼎香火鍋', '海港熱炒', '福記便當', '巷口豆花'];
const STREETS: Record<number, string[]> = {
  0: ['台北市中山區民生東路二段', '台北市中山區林森北路', '台北市中山區松江路', '台北市大同區承德路二段', '台北市中山區錦州街'],
  1: ['新北市板橋區文化路二段', '新北市板橋區中山路一段', '新北市板橋區四川路一段', '新北市板橋區縣民大道二段', '新北市板橋區民生路三段'],
  2: ['新北市新莊區中正路', '新北市新莊區思源路', '新北市新莊區龍安路', '新北市新莊區幸福路', '新北市新莊區中華路一段'],
};

/**
 * Customer categories and ~60 customers around the three demo stores (20 each), customers of the
 * shop for half a year to three years (so Home's "no order for over 3 months" card has its lapsed ones).
 */
export const seedCustomersDemo: DemoSeed = async (tx, demo) => {
  const r = rng(2000);
  const since = rng(2100);
  const catRows = await tx
    .insert(categories)
    .values([
      ...['一般住家', '餐飲業', '工廠', '學校機關'].map((name) => ({ groupId: demo.groupId, kind: 'customer' as const, name })),
      ...['瓦斯配件', '安全設備', '廚房用品'].map((name) => ({ groupId: demo.groupId, kind: 'product' as const, name })),
    ])
    .returning();
  const cat = (name: string) => catRows.find((c) => c.name === name)!.id;
  const rows: (typeof customers.$inferInsert)[] = [];
  demo.stores.forEach((store, si) => {
    for (let i = 0; i < 20; i++) {
      const type: CustomerType = i < 12 ? 'residential' : i < 16 ? 'store' : i < 18 ? 'monthly_count' : 'monthly_meter';
      const name =
        type === 'store'
          ? SHOPS[(i + si * 3) % SHOPS.length]!
          : type === 'monthly_count'
            ? `${r.pick(['大同', '新興', '永豐', '協和'])}${r.pick(['工業社', '食品廠', '國小'])}`
            : `${r.pick(SURNAMES)}${r.pick(GIVEN)}`;
      const street = r.pick(STREETS[si] ?? STREETS[0]!);
      // within about 6 km of the store
      const lat = store.latitude + (r.next() - 0.5) * 0.1;
      const lng = store.longitude + (r.next() - 0.5) * 0.1;
      rows.push({
        groupId: demo.groupId,
        storeId: store.id,
        type,
        name: type === 'monthly_meter' ? `${name}（集合住宅）` : name,
        address: `${street}${r.int(1, 300)}號${r.chance(0.5) ? `${r.int(2, 12)}樓` : ''}`,
        latitude: Math.round(lat * 1e6) / 1e6,
        longitude: Math.round(lng * 1e6) / 1e6,
        phone: `09${r.int(10, 89)}-${r.int(100, 999)}-${r.int(100, 999)}`,
        categoryId: type === 'store' ? cat('餐飲業') : type === 'monthly_count' ? cat('工廠') : cat('一般住家'),
        inArrears: r.chance(0.08),
        // some customers negotiated their own price per kg
        gasPrice: type === 'store' ? 3300 + r.int(0, 2) * 50 : r.chance(0.15) ? 3450 : null,
        remark1: type === 'residential' && r.chance(0.3) ? r.pick(['請先來電', '管理室代收', '下午在家', '狗會叫請按電鈴']) : null,
        meterNumber: type === 'monthly_meter' ? `M${String(si + 1)}${String(i).padStart(5, '0')}` : null,
        meterReading: type === 'monthly_meter' ? r.int(1000, 5000) * 1000 : null,
        meterReadDate: type === 'monthly_meter' ? shiftDate(demo.today, { days: -125 }) : null,
        meterUnitPrice: type === 'monthly_meter' ? 9500 : null,
        createdAt: addDays(demo.now, -since.int(180, 1100)),
      });
    }
  });
  await tx.insert(customers).values(rows);
};
