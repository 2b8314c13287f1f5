import { useQuery } from '@tanstack/react-query';
import type { FieldActionPage, FieldActionRow, InspectionPage, InspectionRow, ProofFile } from '@gasops/shared';
import { api, type QueryValue } from '../../../app/api';
import { usePagedQuery } from '../../../components/paged-query';
import { salesKeys } from '../../customers/hooks';

/**
 * Query keys of the field app's back office (/field/inspections, /field/actions). Under the sales
 * root: posting a delivery's payment (orders) refreshes the order status shown beside the action.
 */
export const fieldOfficeKeys = {
  all: [...salesKeys.all, 'field-office'] as const,
  inspections: (q: Record<string, QueryValue>) => [...fieldOfficeKeys.all, 'inspections', q] as const,
  actions: (q: Record<string, QueryValue>) => [...fieldOfficeKeys.all, 'actions', q] as const,
};

/** The safety inspections recorded on phones, paged (examinedSuggest's records tab). */
export const useInspections = (filters: Record<string, QueryValue>) =>
  usePagedQuery<InspectionRow, InspectionPage>(fieldOfficeKeys.inspections, '/field/inspections', filters);

/** A customer's latest inspections and their latest failed one (CustomerDetail). */
export function useCustomerInspections(customerId: number) {
  const recent = useQuery({
    queryKey: fieldOfficeKeys.inspections({ customerId, pageSize: 5 }),
    queryFn: ({ signal }) => api.get<InspectionPage>('/field/inspections', { signal, query: { customerId, pageSize: 5 } }),
  });
  const failed = useQuery({
    queryKey: fieldOfficeKeys.inspections({ customerId, result: 'fail', pageSize: 1 }),
    queryFn: ({ signal }) => api.get<InspectionPage>('/field/inspections', { signal, query: { customerId, result: 'fail', pageSize: 1 } }),
  });
  return { recent, lastFailed: failed.data?.items[0] ?? null };
}

/** What the phones did (deliveries with the cash collected, returns, refills, inspections), paged. */
export const useFieldActions = (filters: Record<string, QueryValue>, enabled: boolean) =>
  usePagedQuery<FieldActionRow, FieldActionPage>(fieldOfficeKeys.actions, '/field/actions', filters, { enabled });

/** The address of a stored signature or photo (signed in by cookie). */
export const proofUrl = (of: 'inspections' | 'actions', id: number, file: ProofFile) => `/api/field/${of}/${id}/${file}`;
