import { lazy } from 'react';

/** The system administration screens, loaded on first use (the store map pulls in Leaflet). */
export const SystemScreens = {
  LoginHistory: lazy(() => import('./history-screens').then((m) => ({ default: m.LoginHistoryScreen }))),
  ActionLog: lazy(() => import('./history-screens').then((m) => ({ default: m.ActionLogScreen }))),
  MenuHistory: lazy(() => import('./history-screens').then((m) => ({ default: m.MenuHistoryScreen }))),
  UserManagement: lazy(() => import('./user-management-screen').then((m) => ({ default: m.UserManagementScreen }))),
  Role: lazy(() => import('./role-screen').then((m) => ({ default: m.RoleScreen }))),
  Product: lazy(() => import('./product-screen').then((m) => ({ default: m.ProductScreen }))),
  Group: lazy(() => import('./group-screen').then((m) => ({ default: m.GroupScreen }))),
  ParamsSetting: lazy(() => import('./params-screen').then((m) => ({ default: m.ParamsSettingScreen }))),
  CylinderHandlingSite: lazy(() => import('./handling-site-screen').then((m) => ({ default: m.HandlingSiteScreen }))),
};
