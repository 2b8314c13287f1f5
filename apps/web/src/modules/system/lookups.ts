import { useQuery } from '@tanstack/react-query';
import type { BackgroundUserRow, GroupRow, RoleRow, StoreRow } from '@gasops/shared';
import { api } from '../../app/api';
import type { Paged } from './use-paged-list';

/** Pickers shared by the administration screens (cached under ['system'] with the lists). */
export function useGroups(enabled = true) {
  return useQuery({
    queryKey: ['system', 'lookup', 'groups'],
    queryFn: ({ signal }) => api.get<Paged<GroupRow>>('/store/group', { signal, query: { pageSize: 500 } }),
    enabled,
    select: (d) => d.items,
  });
}

/** The stores of a group; with `everyGroup`, and no group chosen, every store the caller may see. */
export function useGroupStores(groupId: number | null | undefined, everyGroup = false) {
  return useQuery({
    queryKey: ['system', 'lookup', 'stores', groupId ?? null],
    queryFn: ({ signal }) => api.get<Paged<StoreRow>>('/store', { signal, query: { groupId: groupId ?? undefined, pageSize: 500 } }),
    enabled: groupId != null || everyGroup,
    select: (d) => d.items,
  });
}

export function useGroupRoles(groupId: number | null | undefined) {
  return useQuery({
    queryKey: ['system', 'lookup', 'roles', groupId ?? null],
    queryFn: ({ signal }) => api.get<Paged<RoleRow>>('/system/roles', { signal, query: { groupId: groupId ?? undefined, pageSize: 500 } }),
    enabled: groupId != null,
    select: (d) => d.items,
  });
}

export function useBackgroundUsers(groupId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: ['system', 'lookup', 'backgrounduser', groupId ?? null],
    queryFn: ({ signal }) => api.get<BackgroundUserRow[]>('/store/backgrounduser', { signal, query: { groupId: groupId ?? undefined } }),
    enabled,
  });
}
