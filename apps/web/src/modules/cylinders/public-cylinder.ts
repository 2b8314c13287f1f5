import { useQuery } from '@tanstack/react-query';
import type { PublicCylinder } from '@gasops/shared';
import { api } from '../../app/api';

/** The query key of one code's public check (cylinderKeys.publicCheck in hooks.ts is this one). */
export const publicCylinderKey = (code: string) => ['public-cylinder', code] as const;

/**
 * A cylinder's public check (/barcode, no sign-in): a file of its own, so the page loads only this and the
 * query cache, not the cylinder screens' hooks (issue 16). A 404 is an answer (an unknown code), not an error
 * to show; not retried.
 */
export function usePublicCylinder(code: string | null) {
  return useQuery({
    queryKey: publicCylinderKey(code ?? ''),
    queryFn: ({ signal }) => api.get<PublicCylinder>(`/public/cylinders/${encodeURIComponent(code!)}`, { signal, silent: [404] }),
    enabled: !!code,
    retry: false,
    staleTime: 60_000,
  });
}
