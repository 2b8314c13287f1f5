import type { ReactElement } from 'react';
import type { ScreenKey } from '@gasops/shared';
import { NotBuilt } from '../components/not-built';
import { SalesScreens } from '../modules/orders/screens';
import { SystemScreens } from '../modules/system/screens';
import { FinanceScreens } from '../modules/finance/screens';
import { DeviceScreen } from '../modules/iot/device-screen';
import { ResidualGasScreen } from '../modules/iot/residual-gas-screen';
import { StoreDeviceScreen } from '../modules/iot/store-device-screen';

/**
 * THE route table of every screen of seed §2. A module author replaces `NotBuilt` with the real
 * screen on its line, e.g. `Customer: <CustomerScreen />` (or a `lazy()` component: layouts wrap
 * screens in Suspense). The Record type makes a forgotten screen a compile error.
 * Paths: manager screens `/manager/<key>`, mobile screens `/mobile/<key>`,
 * MobileCylinderMaintenance `/MobileCylinderMaintenance` (router.tsx).
 */
export const SCREEN_ELEMENTS: Record<ScreenKey, ReactElement> = {
  // home
  Home: <FinanceScreens.Home />,
  examinedSuggest: <NotBuilt screen="examinedSuggest" />,
  // system
  LoginHistory: <SystemScreens.LoginHistory />,
  ActionLog: <SystemScreens.ActionLog />,
  MenuHistory: <SystemScreens.MenuHistory />,
  UserManagement: <SystemScreens.UserManagement />,
  Role: <SystemScreens.Role />,
  Product: <SystemScreens.Product />,
  Group: <SystemScreens.Group />,
  Device: <DeviceScreen />,
  ParamsSetting: <SystemScreens.ParamsSetting />,
  CylinderHandlingSite: <SystemScreens.CylinderHandlingSite />,
  // store
  financial: <FinanceScreens.financial />,
  Category: <SalesScreens.Category />,
  deliveryPerson: <SalesScreens.deliveryPerson />,
  deliveryRoute: <SalesScreens.deliveryRoute />,
  Customer: <SalesScreens.Customer />,
  CustomerDetail: <SalesScreens.CustomerDetail />,
  StoreProduct: <SalesScreens.StoreProduct />,
  DispatchOrder: <SalesScreens.DispatchOrder />,
  incidentals: <FinanceScreens.incidentals />,
  expense: <FinanceScreens.expense />,
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
  order_gas: <FinanceScreens.order_gas />,
  order_product: <FinanceScreens.order_product />,
  order_service: <FinanceScreens.order_service />,
  DailyReport: <FinanceScreens.DailyReport />,
  MonthlyReport: <FinanceScreens.MonthlyReport />,
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
  addOrder: <SalesScreens.addOrder />,
  barcode: <NotBuilt screen="barcode" />,
} satisfies Record<string, ReactElement>;

/** Extra path segments a screen takes after its key. */
export const SCREEN_PATH_SUFFIX: Partial<Record<ScreenKey, string>> = {
  CustomerDetail: '/:id?',
};
