import { sql } from 'drizzle-orm';
import { ACTIONS, dateIn, MENU_GROUPS, PLATFORM_ONLY_SCREENS, type Action, type MenuSetting, type ScreenKey } from '@gasops/shared';
import { hashPassword } from './auth.js';
import type { Db, Tx } from './db.js';
import type { SecretBoxConfig } from './secret-box.js';
import { roles, storeGroups, stores, users, userStores } from './platform.schema.js';

export type DemoStore = { id: number; name: string; latitude: number; longitude: number };
export type DemoContext = {
  groupId: number;
  stores: DemoStore[];
  users: { manager: number; staff: number; driver: number; inspector: number };
  /** "Now" for the demo, so generated histories end today. */
  now: Date;
  /** The group's date of `now` (YYYY-MM-DD, Asia/Taipei): demo dates count from it with shiftDate. */
  today: string;
  /** The app's secret-box settings, for demo credentials sealed as the app will open them (secret-box.ts). */
  secrets: SecretBoxConfig;
};
/** A module's demo data, added inside the one demo transaction. */
export type DemoSeed = (tx: Tx, demo: DemoContext) => Promise<void>;

export const DEMO_PASSWORD = 'demo1234';

const screensOf = (group: string) => MENU_GROUPS.find((g) => g.key === group)?.screens ?? [];
function menuOf(screens: readonly ScreenKey[], actions: readonly Action[] = ACTIONS): MenuSetting {
  return Object.fromEntries(screens.map((s) => [s, [...actions]]));
}

/** Role menus of the demo group: what a real shop would configure on day one. */
export const DEMO_ROLES: { code: string; name: string; menu: MenuSetting }[] = [
  {
    code: 'manager',
    name: '店長',
    menu: menuOf(MENU_GROUPS.flatMap((g) => g.screens).filter((s) => !PLATFORM_ONLY_SCREENS.includes(s))),
  },
  {
    code: 'staff',
    name: '門市人員',
    menu: {
      ...menuOf(
        ['Home', 'Customer', 'CustomerDetail', 'DispatchOrder', 'invoice', 'InvoiceLookup', 'residualGas', 'StoreDevice'],
        ['view', 'create', 'edit', 'export'],
      ),
      ...menuOf([...screensOf('report'), ...screensOf('service'), 'StoreProduct', 'deliveryRoute'], ['view', 'export']),
    },
  },
  {
    code: 'driver',
    name: '配送人員',
    menu: menuOf(['mobileIndex', 'gasRound', 'gasReturn', 'gasPackaging', 'MobileCylinderMaintenance'], ['view', 'create', 'edit']),
  },
  { code: 'inspector', name: '安檢人員', menu: menuOf(['mobileIndex', 'gasExamine', 'examinedSuggest'], ['view', 'create', 'edit']) },
];

/**
 * Loads the demo tenant once (when no store group exists): a store group with three stores in
 * New Taipei and Taipei, its roles and one user of each role, then each module's demo records.
 */
export async function seedDemo(
  db: Db,
  seeds: DemoSeed[],
  now = new Date(),
  secrets: SecretBoxConfig = { secretsKey: null },
): Promise<DemoContext | null> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(storeGroups)) as [{ n: number }];
  if (n > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(storeGroups)
      .values({
        name: '福氣瓦斯集團',
        responsiblePerson: '林福氣',
        address: '台北市中山區民生東路一段 25 號',
        phone: '02-2521-0000',
        unifiedNumber: '04595257',
        issuesInvoice: true,
      })
      .returning();
    const storeRows = await tx
      .insert(stores)
      .values([
        {
          groupId: group!.id,
          name: '福氣瓦斯 中山店',
          responsiblePerson: '林福氣',
          address: '台北市中山區民生東路一段 25 號',
          phone: '02-2521-0001',
          unifiedNumber: '10458575',
          customerGasPrice: 3600,
          storeGasPrice: 3400,
          issuesInvoice: true,
          latitude: 25.0578,
          longitude: 121.5225,
        },
        {
          groupId: group!.id,
          name: '福氣瓦斯 板橋店',
          responsiblePerson: '陳美玲',
          address: '新北市板橋區文化路一段 100 號',
          phone: '02-2961-0002',
          unifiedNumber: '12345675',
          customerGasPrice: 3550,
          storeGasPrice: 3350,
          issuesInvoice: true,
          latitude: 25.0143,
          longitude: 121.4672,
        },
        {
          groupId: group!.id,
          name: '福氣瓦斯 新莊店',
          responsiblePerson: '王大明',
          address: '新北市新莊區中正路 300 號',
          phone: '02-2992-0003',
          unifiedNumber: '04595252',
          customerGasPrice: 3500,
          storeGasPrice: 3300,
          issuesInvoice: false,
          latitude: 25.0368,
          longitude: 121.4501,
        },
      ])
      .returning();
    const roleIds: Record<string, number> = {};
    for (const r of DEMO_ROLES) {
      const [row] = await tx.insert(roles).values({ groupId: group!.id, code: r.code, name: r.name, menu: r.menu }).returning();
      roleIds[r.code] = row!.id;
    }
    const [s1, s2] = storeRows as [(typeof storeRows)[number], (typeof storeRows)[number]];
    const mk = async (account: string, name: string, role: string, allStores: boolean, storeIds: number[]) => {
      const [u] = await tx
        .insert(users)
        .values({
          groupId: group!.id,
          account,
          name,
          email: `${account}@fuqi-gas.example`,
          passwordHash,
          roleId: roleIds[role]!,
          defaultStoreId: storeIds[0] ?? s1.id,
          allStores,
        })
        .returning();
      if (storeIds.length) await tx.insert(userStores).values(storeIds.map((storeId) => ({ userId: u!.id, storeId })));
      return u!.id;
    };
    const demo: DemoContext = {
      groupId: group!.id,
      stores: storeRows.map((s) => ({ id: s.id, name: s.name, latitude: s.latitude!, longitude: s.longitude! })),
      users: {
        manager: await mk('manager', '林福氣', 'manager', true, []),
        staff: await mk('staff', '張小華', 'staff', false, [s1.id]),
        driver: await mk('driver', '李阿明', 'driver', false, [s1.id]),
        inspector: await mk('inspector', '吳安全', 'inspector', false, [s1.id, s2.id]),
      },
      now,
      today: dateIn(group!.timeZone, now),
      secrets,
    };
    for (const seed of seeds) await seed(tx, demo);
    return demo;
  });
}
