import { useQuery } from '@tanstack/react-query';
import { paramDef, type ChatRetention } from '@gasops/shared';
import { api } from '../../app/api';

/**
 * How many months chat data is kept after the LINE service ends (the platform's CHAT_RETENTION_MONTHS,
 * what the retention job uses), for the privacy policy and terms; the parameter's default until known.
 */
export function useChatRetentionMonths(): number {
  const q = useQuery({
    queryKey: ['line', 'chat-retention'],
    queryFn: ({ signal }) => api.get<ChatRetention>('/public/chat-retention', { signal, silent: true }),
    staleTime: 10 * 60_000,
  });
  return q.data?.months ?? Number(paramDef('CHAT_RETENTION_MONTHS')?.value);
}
