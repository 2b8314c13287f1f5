import type { MigMessage } from '@gasops/shared';

/** A message to upload: which MIG message, what it is about (invoice number, or track), its XML. */
export type OutgoingMessage = { message: MigMessage; ref: string; xml: string; at: Date };

/**
 * What the platform (or the channel on its way) said about a message: Turnkey's P (processing), G (good),
 * E (error), I, C. Matched by the channel's file name when the channel knows it, else by message and ref.
 */
export type UploadResult = {
  state: 'P' | 'G' | 'E' | 'I' | 'C';
  fileName?: string;
  message?: MigMessage;
  ref?: string;
  error?: string;
};

/**
 * The one way out to the e-invoice platform (turnkey-channel.ts writes Turnkey's folders; tests use
 * upload-fake-channel.ts). `put` answers the name the channel keeps the message under, or throws when it
 * could not take it (the message stays queued and is tried again). `results` answers what is new since
 * the last call; answering a result again does no harm.
 */
export type UploadChannel = {
  put(msg: OutgoingMessage): Promise<string>;
  results(): Promise<UploadResult[]>;
};

/** The channel's file name of a message: `<MSG>_<ref>_<yyyyMMddHHmmssSSS UTC>.xml`. */
export function messageFileName(msg: Pick<OutgoingMessage, 'message' | 'ref' | 'at'>): string {
  const ts = msg.at.toISOString().replace(/[-:TZ.]/g, '');
  return `${msg.message}_${msg.ref}_${ts}.xml`;
}
