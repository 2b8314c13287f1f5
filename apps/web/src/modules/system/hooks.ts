import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ActionLogDetail,
  ActionLogRow,
  LoginHistoryRow,
  MenuHistoryRow,
  MenuSetting,
  ResetPasswordResponse,
  RoleDetail,
  RoleRow,
  SiteRow,
  UserRow,
  paramList,
  paramValueBody,
  roleBody,
  siteBody,
  userCreateBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery, type Paged } from '../../components/paged-query';
import { adminKeys } from '../stores/hooks';

/** Query keys of the system module (/system/…: users, roles, parameters, handling sites, histories). */
export const systemKeys = {
  all: [...adminKeys.all, 'system'] as const,
  users: (q: Record<string, QueryValue>) => [...systemKeys.all, 'users', q] as const,
  roles: (q: Record<string, QueryValue>) => [...systemKeys.all, 'roles', q] as const,
  roleOptions: (groupId: number | null) => [...systemKeys.all, 'role-options', groupId] as const,
  role: (id: number) => [...systemKeys.all, 'role', id] as const,
  params: (q: Record<string, QueryValue>) => [...systemKeys.all, 'params', q] as const,
  sites: (q: Record<string, QueryValue>) => [...systemKeys.all, 'sites', q] as const,
  history: (path: string, q: Record<string, QueryValue>) => [...systemKeys.all, 'history', path, q] as const,
  actionLogEntry: (id: number) => [...systemKeys.all, 'action-log', id] as const,
};

const ADMIN = [adminKeys.all];
const FORM_ANSWERS = { silent: [400, 409] } as const;

/* users */

export const useUsers = (filters: Record<string, QueryValue>) => usePagedQuery<UserRow>(systemKeys.users, '/system/users', filters);

const userWrites = resourceWrites<z.input<typeof userCreateBody>>('/system/users', ADMIN, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveUser = userWrites.useSave;
export const useDeleteUser = userWrites.useDelete;

/** Mails the user a new password (or writes it to the outbox when no mail server is set up). */
export const useResetPassword = () =>
  useWrite((id: number) => api.post<ResetPasswordResponse>(`/system/users/${id}/reset-password`), ADMIN);

/* roles */

export const useRoles = (filters: Record<string, QueryValue>) => usePagedQuery<RoleRow>(systemKeys.roles, '/system/roles', filters);

/** The roles of a group, for pickers. */
export function useRoleOptions(groupId: number | null | undefined) {
  return useQuery({
    queryKey: systemKeys.roleOptions(groupId ?? null),
    queryFn: ({ signal }) => api.get<Paged<RoleRow>>('/system/roles', { signal, query: { groupId: groupId ?? undefined, pageSize: 500 } }),
    enabled: groupId != null,
    select: (d) => d.items,
  });
}

/** One role with the ids of the people holding it. */
export function useRole(id: number) {
  return useQuery({ queryKey: systemKeys.role(id), queryFn: ({ signal }) => api.get<RoleDetail>(`/system/roles/${id}`, { signal }) });
}

const roleWrites = resourceWrites<z.input<typeof roleBody>>('/system/roles', ADMIN, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveRole = roleWrites.useSave;
export const useDeleteRole = roleWrites.useDelete;

export const useSetRolePermissions = (roleId: number) =>
  useWrite((menu: MenuSetting) => api.put<RoleRow>(`/system/roles/${roleId}/permissions`, { menu }, { silent: [400] }), ADMIN);

export const useSetRoleUsers = (roleId: number) =>
  useWrite((userIds: number[]) => api.put(`/system/roles/${roleId}/users`, { userIds }), ADMIN);

/* parameters */

/** Every parameter with its platform default and, with a group, the group's own value. */
export function useParamSettings(filters: { groupId?: number; keyword?: string }) {
  return useQuery({
    queryKey: systemKeys.params(filters),
    queryFn: ({ signal }) => api.get<z.infer<typeof paramList>>('/system/params', { signal, query: filters }),
  });
}

export const useSetParamValue = () =>
  useWrite((body: FormBody<z.input<typeof paramValueBody>>) => api.put('/system/params', body, { silent: [400] }), ADMIN);

/** Removes a group's own value: the platform value applies again. */
export const useResetParam = () => useWrite((body: { code: string; groupId: number | null }) => api.delete('/system/params', body), ADMIN);

/* cylinder handling sites */

export const useSites = (filters: Record<string, QueryValue>) =>
  usePagedQuery<SiteRow>(systemKeys.sites, '/system/handling-sites', filters);

const siteWrites = resourceWrites<z.input<typeof siteBody>>('/system/handling-sites', ADMIN, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveSite = siteWrites.useSave;
export const useDeleteSite = siteWrites.useDelete;

/* histories */

export const useLoginHistory = (filters: Record<string, QueryValue>) =>
  usePagedQuery<LoginHistoryRow>((q) => systemKeys.history('login', q), '/system/login-history', filters);

export const useMenuHistory = (filters: Record<string, QueryValue>) =>
  usePagedQuery<MenuHistoryRow>((q) => systemKeys.history('menu', q), '/system/menu-history', filters);

export const useActionLog = (filters: Record<string, QueryValue>) =>
  usePagedQuery<ActionLogRow>((q) => systemKeys.history('action', q), '/system/action-log', filters);

/** One action-log entry with its before and after. */
export function useActionLogEntry(id: number) {
  return useQuery({
    queryKey: systemKeys.actionLogEntry(id),
    queryFn: ({ signal }) => api.get<ActionLogDetail>(`/system/action-log/${id}`, { signal }),
  });
}
