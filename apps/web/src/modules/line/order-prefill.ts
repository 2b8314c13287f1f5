import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useSearchParams } from 'react-router';
import type { LineOrderPrefill } from '@gasops/shared';
import { api } from '../../app/api';

/**
 * /addOrder?line=<token>: an order link a linked customer got in the LINE chat (docs/LINE.md "Order
 * links") fills the store, name, phone and address in once, so they need not type them again. A link
 * that expired or was revoked fills nothing (the page works as without it).
 */
export function useLineOrderPrefill(form: FormInstance) {
  const [params] = useSearchParams();
  const token = params.get('line');
  const q = useQuery({
    queryKey: ['line', 'order-prefill', token],
    queryFn: ({ signal }) => api.get<LineOrderPrefill>(`/public/line-order/${encodeURIComponent(token!)}`, { signal, silent: [404] }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  const data = q.data;
  useEffect(() => {
    if (data) form.setFieldsValue({ storeId: data.storeId, name: data.name, phone: data.phone, address: data.address });
  }, [data, form]);
}
