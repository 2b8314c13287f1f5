import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BackgroundUserRow, GroupRow, GroupUserRow, StoreRow, StoreUserRow, groupCreateBody, storeCreateBody } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite } from '../../components/mutations';
import { usePagedQuery, type Paged } from '../../components/paged-query';

/**
 * The administration data (store groups, stores and their staff here; users and roles in system;
 * the catalogue in products) answers questions about each other: a user's stores, a store's user
 * count, a role's people. Their keys share one root, and every write there refreshes all of it.
 */
export const adminKeys = { all: ['admin'] as const };

/** Query keys of the stores module (/store…: store groups, stores, who works where). */
export const storeKeys = {
  all: [...adminKeys.all, 'stores'] as const,
  groups: (q: Record<string, QueryValue>) => [...storeKeys.all, 'groups', q] as const,
  groupOptions: () => [...storeKeys.all, 'group-options'] as const,
  groupStaff: (groupId: number) => [...storeKeys.all, 'group-staff', groupId] as const,
  list: (q: Record<string, QueryValue>) => [...storeKeys.all, 'list', q] as const,
  options: (groupId: number | null) => [...storeKeys.all, 'options', groupId] as const,
  storeStaff: (storeId: number) => [...storeKeys.all, 'store-staff', storeId] as const,
  backgroundUsers: (groupId: number | null) => [...storeKeys.all, 'background-users', groupId] as const,
};

const ADMIN = [adminKeys.all];
const FORM_ANSWERS = { silent: [400, 409] } as const;

/** The store groups (platform administrator), paged. */
export const useGroups = (filters: Record<string, QueryValue>) => usePagedQuery<GroupRow>(storeKeys.groups, '/store/group', filters);

/** Every store group, for pickers. */
export function useGroupOptions(enabled = true) {
  return useQuery({
    queryKey: storeKeys.groupOptions(),
    queryFn: ({ signal }) => api.get<Paged<GroupRow>>('/store/group', { signal, query: { pageSize: 500 } }),
    enabled,
    select: (d) => d.items,
  });
}

const groupWrites = resourceWrites<z.input<typeof groupCreateBody>, GroupRow>('/store/group', ADMIN, { ...FORM_ANSWERS, idIn: 'body' });
/** Adds (no id) or changes (with the row's id). */
export const useSaveGroup = groupWrites.useSave;
export const useDeleteGroup = groupWrites.useDelete;

/** The staff of a group and which of them are group-level (all stores). */
export function useGroupStaff(groupId: number) {
  return useQuery({
    queryKey: storeKeys.groupStaff(groupId),
    queryFn: ({ signal }) => api.get<Paged<GroupUserRow>>('/store/groupuser', { signal, query: { groupId, pageSize: 500 } }),
  });
}

export const useSetGroupStaff = () => useWrite((body: { groupId: number; userIds: number[] }) => api.put('/store/groupuser', body), ADMIN);

/** The stores of a group, paged. */
export const useStores = (filters: Record<string, QueryValue>) => usePagedQuery<StoreRow>(storeKeys.list, '/store', filters);

/** The stores of a group for pickers; with `everyGroup`, and no group chosen, every store the caller may see. */
export function useStoreOptions(groupId: number | null | undefined, everyGroup = false) {
  return useQuery({
    queryKey: storeKeys.options(groupId ?? null),
    queryFn: ({ signal }) => api.get<Paged<StoreRow>>('/store', { signal, query: { groupId: groupId ?? undefined, pageSize: 500 } }),
    enabled: groupId != null || everyGroup,
    select: (d) => d.items,
  });
}

const storeWrites = resourceWrites<z.input<typeof storeCreateBody>>('/store', ADMIN, { ...FORM_ANSWERS, idIn: 'body' });
/** Adds (no id) or changes (with the row's id). */
export const useSaveStore = storeWrites.useSave;
export const useDeleteStore = storeWrites.useDelete;

/** Who works in a store: assigned to it, or group-level staff. */
export function useStoreStaff(storeId: number) {
  return useQuery({
    queryKey: storeKeys.storeStaff(storeId),
    queryFn: ({ signal }) => api.get<StoreUserRow[]>('/store/storeuser', { signal, query: { storeId } }),
  });
}

export const useSetStoreStaff = () => useWrite((body: { storeId: number; userIds: number[] }) => api.put('/store/storeuser', body), ADMIN);

/** The back-office accounts of a group (people pickers). */
export function useBackgroundUsers(groupId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: storeKeys.backgroundUsers(groupId ?? null),
    queryFn: ({ signal }) => api.get<BackgroundUserRow[]>('/store/backgrounduser', { signal, query: { groupId: groupId ?? undefined } }),
    enabled,
  });
}
