import { lazy } from 'react';

/** Finance, reports and Home screens, loaded on first use (ECharts is large). */
export const FinanceScreens = {
  Home: lazy(() => import('../dashboard/home-screen').then((m) => ({ default: m.HomeScreen }))),
  financial: lazy(() => import('./financial-screen').then((m) => ({ default: m.FinancialScreen }))),
  incidentals: lazy(() => import('./incidentals-screen').then((m) => ({ default: m.IncidentalsScreen }))),
  expense: lazy(() => import('./expense-screen').then((m) => ({ default: m.ExpenseScreen }))),
  order_gas: lazy(() => import('../reports/order-reports-screens').then((m) => ({ default: m.GasReportScreen }))),
  order_product: lazy(() => import('../reports/order-reports-screens').then((m) => ({ default: m.ProductReportScreen }))),
  order_service: lazy(() => import('../reports/order-reports-screens').then((m) => ({ default: m.ServiceReportScreen }))),
  DailyReport: lazy(() => import('../reports/period-reports-screens').then((m) => ({ default: m.DailyReportScreen }))),
  MonthlyReport: lazy(() => import('../reports/period-reports-screens').then((m) => ({ default: m.MonthlyReportScreen }))),
};
