import type { LineChannel } from '@gasops/shared';
import type { ChannelRow } from './line-access.js';

/** A channel as answered: never the secret or the token (both are always set on a saved channel). */
export function channelView(c: ChannelRow): LineChannel {
  return {
    id: c.id,
    groupId: c.groupId,
    storeId: c.storeId,
    name: c.name,
    channelId: c.channelId,
    hasSecret: c.secretEnc !== '',
    hasAccessToken: c.tokenEnc !== '',
    webhookPath: `/api/line/webhook/${c.webhookKey}`,
    endedAt: c.endedAt?.toISOString() ?? null,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A channel row for the action log: the sealed credentials left out, only whether they are set. */
export function loggableChannel(c: ChannelRow | undefined) {
  if (!c) return null;
  const { secretEnc, tokenEnc, ...rest } = c;
  return { ...rest, hasSecret: secretEnc !== '', hasAccessToken: tokenEnc !== '' };
}
