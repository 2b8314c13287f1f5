import { lazy, type ComponentType, type ReactElement } from 'react';
import type { ScreenKey } from '@gasops/shared';
import { NotBuilt } from '../components/not-built';
import { DeliveryPersonScreen } from '../modules/catalogue/delivery-person-screen';
import { DeliveryRouteScreen } from '../modules/catalogue/delivery-route-screen';
import { StoreProductScreen } from '../modules/catalogue/store-product-screen';
import { CategoryScreen } from '../modules/customers/category-screen';
import { CustomerDetailScreen } from '../modules/customers/customer-detail-screen';
import { CustomerScreen } from '../modules/customers/customer-screen';
import { DeviceScreen } from '../modules/iot/device-screen';
import { ResidualGasScreen } from '../modules/iot/residual-gas-screen';
import { StoreDeviceScreen } from '../modules/iot/store-device-screen';
import { DispatchOrderScreen } from '../modules/orders/dispatch-order-screen';
import { PublicOrderPage } from '../modules/orders/public-order-page';

/**
 * A screen loaded on first use, in a chunk of its own (ECharts for the dashboard, finance and
 * reports; Leaflet for the store map of the administration screens). Layouts wrap screens in Suspense.
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ReactElement {
  const Screen = lazy(() => load().then((m) => ({ default: pick(m) })));
  return <Screen />;
}

const dashboard = () => import('../modules/dashboard/home-screen');
const finance = {
  financial: () => import('../modules/finance/financial-screen'),
  expense: () => import('../modules/finance/expense-screen'),
  incidentals: () => import('../modules/finance/incidentals-screen'),
};
const reports = {
  orders: () => import('../modules/reports/order-reports-screens'),
  periods: () => import('../modules/reports/period-reports-screens'),
};
const system = {
  history: () => import('../modules/system/history-screens'),
  users: () => import('../modules/system/user-management-screen'),
  roles: () => import('../modules/system/role-screen'),
  params: () => import('../modules/system/params-screen'),
  sites: () => import('../modules/system/handling-site-screen'),
};
const stores = () => import('../modules/stores/group-screen');
const products = () => import('../modules/products/product-screen');

/**
 * THE route table of every screen of seed §2. A module author replaces `NotBuilt` with the real
 * screen on its line, e.g. `Customer: <CustomerScreen />` (or a `lazy()` component: layouts wrap
 * screens in Suspense). The Record type makes a forgotten screen a compile error.
 * Paths: manager screens `/manager/<key>`, mobile screens `/mobile/<key>`,
 * MobileCylinderMaintenance `/MobileCylinderMaintenance` (router.tsx).
 */
export const SCREEN_ELEMENTS: Record<ScreenKey, ReactElement> = {
  // home
  Home: lazyScreen(dashboard, (m) => m.HomeScreen),
  examinedSuggest: <NotBuilt screen="examinedSuggest" />,
  // system
  LoginHistory: lazyScreen(system.history, (m) => m.LoginHistoryScreen),
  ActionLog: lazyScreen(system.history, (m) => m.ActionLogScreen),
  MenuHistory: lazyScreen(system.history, (m) => m.MenuHistoryScreen),
  UserManagement: lazyScreen(system.users, (m) => m.UserManagementScreen),
  Role: lazyScreen(system.roles, (m) => m.RoleScreen),
  Product: lazyScreen(products, (m) => m.ProductScreen),
  Group: lazyScreen(stores, (m) => m.GroupScreen),
  Device: <DeviceScreen />,
  ParamsSetting: lazyScreen(system.params, (m) => m.ParamsSettingScreen),
  CylinderHandlingSite: lazyScreen(system.sites, (m) => m.HandlingSiteScreen),
  // store
  financial: lazyScreen(finance.financial, (m) => m.FinancialScreen),
  Category: <CategoryScreen />,
  deliveryPerson: <DeliveryPersonScreen />,
  deliveryRoute: <DeliveryRouteScreen />,
  Customer: <CustomerScreen />,
  CustomerDetail: <CustomerDetailScreen />,
  StoreProduct: <StoreProductScreen />,
  DispatchOrder: <DispatchOrderScreen />,
  incidentals: lazyScreen(finance.incidentals, (m) => m.IncidentalsScreen),
  expense: lazyScreen(finance.expense, (m) => m.ExpenseScreen),
  invoice: <NotBuilt screen="invoice" />,
  // cylinder
  StoreDevice: <StoreDeviceScreen />,
  ScanResultStatistics: <NotBuilt screen="ScanResultStatistics" />,
  ScanResultSearch: <NotBuilt screen="ScanResultSearch" />,
  CylinderMaintenance: <NotBuilt screen="CylinderMaintenance" />,
  CylinderMaintenanceKeyIn: <NotBuilt screen="CylinderMaintenanceKeyIn" />,
  residualGas: <ResidualGasScreen />,
  SystemCylinderMaintenance: <NotBuilt screen="SystemCylinderMaintenance" />,
  CylinderStockMaintenance: <NotBuilt screen="CylinderStockMaintenance" />,
  penddingDataMaintenance: <NotBuilt screen="penddingDataMaintenance" />,
  // report
  order_gas: lazyScreen(reports.orders, (m) => m.GasReportScreen),
  order_product: lazyScreen(reports.orders, (m) => m.ProductReportScreen),
  order_service: lazyScreen(reports.orders, (m) => m.ServiceReportScreen),
  DailyReport: lazyScreen(reports.periods, (m) => m.DailyReportScreen),
  MonthlyReport: lazyScreen(reports.periods, (m) => m.MonthlyReportScreen),
  // service
  contact_customer: <NotBuilt screen="contact_customer" />,
  replay_customer: <NotBuilt screen="replay_customer" />,
  chatroom: <NotBuilt screen="chatroom" />,
  faq: <NotBuilt screen="faq" />,
  // invoice
  InvoiceLookup: <NotBuilt screen="InvoiceLookup" />,
  // mobile (field app)
  mobileIndex: <NotBuilt screen="mobileIndex" />,
  gasRound: <NotBuilt screen="gasRound" />,
  gasReturn: <NotBuilt screen="gasReturn" />,
  gasPackaging: <NotBuilt screen="gasPackaging" />,
  gasExamine: <NotBuilt screen="gasExamine" />,
  MobileCylinderMaintenance: <NotBuilt screen="MobileCylinderMaintenance" />,
};

/** Public pages without login (seed §2). */
export const PUBLIC_ELEMENTS = {
  addOrder: <PublicOrderPage />,
  barcode: <NotBuilt screen="barcode" />,
} satisfies Record<string, ReactElement>;

/** Extra path segments a screen takes after its key. */
export const SCREEN_PATH_SUFFIX: Partial<Record<ScreenKey, string>> = {
  CustomerDetail: '/:id?',
};
