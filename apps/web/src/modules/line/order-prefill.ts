import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { LineOrderPrefill } from '@gasops/shared';
import { api } from '../../app/api';

/**
 * /addOrder?line=<token>: an order link a linked customer got in the LINE chat (docs/LINE.md "Order
 * links") fills the store, name, phone and address in once, so they need not type them again. A link
 * that expired or was revoked (404), or came cut short from the chat (400, a malformed token), fills
 * nothing and says nothing (the page works as without it). `fill` gets the four values once they are
 * known (any form: the page's own state, no antd).
 */
export type LineOrderFill = Pick<LineOrderPrefill, 'storeId' | 'name' | 'phone' | 'address'>;
export function useLineOrderPrefill(fill: (values: LineOrderFill) => void) {
  const [params] = useSearchParams();
  const token = params.get('line');
  const q = useQuery({
    queryKey: ['line', 'order-prefill', token],
    queryFn: ({ signal }) => api.get<LineOrderPrefill>(`/public/line-order/${encodeURIComponent(token!)}`, { signal, silent: [400, 404] }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  const data = q.data;
  // The latest callback, so the values are filled once when they arrive, not again on each render.
  const latest = useRef(fill);
  useEffect(() => {
    latest.current = fill;
  });
  useEffect(() => {
    if (data) latest.current({ storeId: data.storeId, name: data.name, phone: data.phone, address: data.address });
  }, [data]);
}
