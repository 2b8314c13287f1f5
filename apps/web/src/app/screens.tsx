import { lazy, type ComponentType, type ReactElement } from 'react';
import type { ScreenKey } from '@gasops/shared';

/** The chunk loader behind each lazy element, so the router can start it with the route's other work. */
const LOADERS = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A screen loaded on first use, in a chunk of its own: a page downloads only the screens it shows
 * (ECharts only with the dashboard, finance, reports and residual gas; Leaflet only with the screens
 * that show a map). Layouts wrap screens in Suspense.
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ReactElement {
  const Screen = lazy(() => load().then((m) => ({ default: pick(m) })));
  const element = <Screen />;
  LOADERS.set(element, load);
  return element;
}

/** Starts loading the chunk of a screen element (the router calls it while the layout and session load). */
export function preloadScreen(element: ReactElement): Promise<unknown> {
  return LOADERS.get(element)?.() ?? Promise.resolve();
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
const catalogue = {
  deliveryPersons: () => import('../modules/catalogue/delivery-person-screen'),
  deliveryRoutes: () => import('../modules/catalogue/delivery-route-screen'),
  storeProducts: () => import('../modules/catalogue/store-product-screen'),
};
const customers = {
  categories: () => import('../modules/customers/category-screen'),
  detail: () => import('../modules/customers/customer-detail-screen'),
  list: () => import('../modules/customers/customer-screen'),
};
const iot = {
  devices: () => import('../modules/iot/device-screen'),
  residualGas: () => import('../modules/iot/residual-gas-screen'),
  storeDevices: () => import('../modules/iot/store-device-screen'),
};
const orders = {
  dispatch: () => import('../modules/orders/dispatch-order-screen'),
};
const cylinders = {
  registry: () => import('../modules/cylinders/cylinder-screen'),
  keyIn: () => import('../modules/cylinders/key-in-screen'),
  stock: () => import('../modules/cylinders/stock-screen'),
  pending: () => import('../modules/cylinders/pending-screen'),
  scans: () => import('../modules/cylinders/scan-screens'),
  suggest: () => import('../modules/cylinders/suggest-screen'),
  mobile: () => import('../modules/cylinders/mobile-screen'),
};
const line = {
  chatroom: () => import('../modules/line/chatroom-screen'),
  faq: () => import('../modules/line/faq-screen'),
  contacts: () => import('../modules/line/contact-screens'),
};
const invoices = {
  tracks: () => import('../modules/invoices/track-screen'),
  lookup: () => import('../modules/invoices/lookup-screen'),
};
const field = {
  home: () => import('../modules/field/home-screen'),
  round: () => import('../modules/field/round-screen'),
  return: () => import('../modules/field/return-screen'),
  packaging: () => import('../modules/field/packaging-screen'),
  examine: () => import('../modules/field/examine-screen'),
};

/**
 * THE route table of every screen of seed §2: each screen on its line, loaded on first use: `lazyScreen(load, pick)` with its `import()` above, e.g.
 * `Customer: lazyScreen(customers.list, (m) => m.CustomerScreen)`. The Record type makes a forgotten screen a compile error.
 * Paths: manager screens `/manager/<key>`, mobile screens `/mobile/<key>`,
 * MobileCylinderMaintenance `/MobileCylinderMaintenance`; extra path segments in SCREEN_PATH_SUFFIX (router.tsx).
 */
export const SCREEN_ELEMENTS: Record<ScreenKey, ReactElement> = {
  // home
  Home: lazyScreen(dashboard, (m) => m.HomeScreen),
  examinedSuggest: lazyScreen(cylinders.suggest, (m) => m.InspectionSuggestScreen),
  // system
  LoginHistory: lazyScreen(system.history, (m) => m.LoginHistoryScreen),
  ActionLog: lazyScreen(system.history, (m) => m.ActionLogScreen),
  MenuHistory: lazyScreen(system.history, (m) => m.MenuHistoryScreen),
  UserManagement: lazyScreen(system.users, (m) => m.UserManagementScreen),
  Role: lazyScreen(system.roles, (m) => m.RoleScreen),
  Product: lazyScreen(products, (m) => m.ProductScreen),
  Group: lazyScreen(stores, (m) => m.GroupScreen),
  Device: lazyScreen(iot.devices, (m) => m.DeviceScreen),
  ParamsSetting: lazyScreen(system.params, (m) => m.ParamsSettingScreen),
  CylinderHandlingSite: lazyScreen(system.sites, (m) => m.HandlingSiteScreen),
  // store
  financial: lazyScreen(finance.financial, (m) => m.FinancialScreen),
  Category: lazyScreen(customers.categories, (m) => m.CategoryScreen),
  deliveryPerson: lazyScreen(catalogue.deliveryPersons, (m) => m.DeliveryPersonScreen),
  deliveryRoute: lazyScreen(catalogue.deliveryRoutes, (m) => m.DeliveryRouteScreen),
  Customer: lazyScreen(customers.list, (m) => m.CustomerScreen),
  CustomerDetail: lazyScreen(customers.detail, (m) => m.CustomerDetailScreen),
  StoreProduct: lazyScreen(catalogue.storeProducts, (m) => m.StoreProductScreen),
  DispatchOrder: lazyScreen(orders.dispatch, (m) => m.DispatchOrderScreen),
  incidentals: lazyScreen(finance.incidentals, (m) => m.IncidentalsScreen),
  expense: lazyScreen(finance.expense, (m) => m.ExpenseScreen),
  invoice: lazyScreen(invoices.tracks, (m) => m.InvoiceTrackScreen),
  // cylinder
  StoreDevice: lazyScreen(iot.storeDevices, (m) => m.StoreDeviceScreen),
  ScanResultStatistics: lazyScreen(cylinders.scans, (m) => m.ScanStatisticsScreen),
  ScanResultSearch: lazyScreen(cylinders.scans, (m) => m.ScanSearchScreen),
  CylinderMaintenance: lazyScreen(cylinders.registry, (m) => m.CylinderMaintenanceScreen),
  CylinderMaintenanceKeyIn: lazyScreen(cylinders.keyIn, (m) => m.CylinderKeyInScreen),
  residualGas: lazyScreen(iot.residualGas, (m) => m.ResidualGasScreen),
  SystemCylinderMaintenance: lazyScreen(cylinders.registry, (m) => m.SystemCylinderMaintenanceScreen),
  CylinderStockMaintenance: lazyScreen(cylinders.stock, (m) => m.CylinderStockScreen),
  penddingDataMaintenance: lazyScreen(cylinders.pending, (m) => m.PendingDataScreen),
  // report
  order_gas: lazyScreen(reports.orders, (m) => m.GasReportScreen),
  order_product: lazyScreen(reports.orders, (m) => m.ProductReportScreen),
  order_service: lazyScreen(reports.orders, (m) => m.ServiceReportScreen),
  DailyReport: lazyScreen(reports.periods, (m) => m.DailyReportScreen),
  MonthlyReport: lazyScreen(reports.periods, (m) => m.MonthlyReportScreen),
  // service
  contact_customer: lazyScreen(line.contacts, (m) => m.ContactCustomerScreen),
  replay_customer: lazyScreen(line.contacts, (m) => m.ReplayCustomerScreen),
  chatroom: lazyScreen(line.chatroom, (m) => m.ChatroomScreen),
  faq: lazyScreen(line.faq, (m) => m.FaqScreen),
  // invoice
  InvoiceLookup: lazyScreen(invoices.lookup, (m) => m.InvoiceLookupScreen),
  // mobile (field app)
  mobileIndex: lazyScreen(field.home, (m) => m.MobileIndexScreen),
  gasRound: lazyScreen(field.round, (m) => m.GasRoundScreen),
  gasReturn: lazyScreen(field.return, (m) => m.GasReturnScreen),
  gasPackaging: lazyScreen(field.packaging, (m) => m.GasPackagingScreen),
  gasExamine: lazyScreen(field.examine, (m) => m.GasExamineScreen),
  MobileCylinderMaintenance: lazyScreen(cylinders.mobile, (m) => m.MobileCylinderScreen),
};
