import { messageFileName, type OutgoingMessage, type UploadChannel, type UploadResult } from './upload-channel.js';

export type FakeBehaviour = 'accept' | 'reject' | 'delay' | 'refuse';

/**
 * An in-memory upload channel for tests: per ref (invoice number) it `accept`s (P at the next read, G at
 * the one after), `reject`s (P, then E with the platform's message), `delay`s (P and nothing more until
 * `release`) or `refuse`s the put itself (the channel is down: put throws). Default: accept.
 */
export class FakeUploadChannel implements UploadChannel {
  readonly sent: OutgoingMessage[] = [];
  private readonly behaviour = new Map<string, FakeBehaviour>();
  private pending: { fileName: string; msg: OutgoingMessage; reads: number }[] = [];

  set(ref: string, b: FakeBehaviour): void {
    this.behaviour.set(ref, b);
  }

  /** A delayed message is answered G from the next read on. */
  release(ref: string): void {
    this.behaviour.set(ref, 'accept');
  }

  async put(msg: OutgoingMessage): Promise<string> {
    if (this.behaviour.get(msg.ref) === 'refuse') throw new Error('upload channel unavailable');
    const fileName = messageFileName(msg);
    this.sent.push(msg);
    this.pending.push({ fileName, msg, reads: 0 });
    return fileName;
  }

  async results(): Promise<UploadResult[]> {
    const out: UploadResult[] = [];
    const left: typeof this.pending = [];
    for (const p of this.pending) {
      const b = this.behaviour.get(p.msg.ref) ?? 'accept';
      p.reads += 1;
      if (p.reads === 1) out.push({ state: 'P', fileName: p.fileName });
      if (b === 'delay' || p.reads === 1) left.push(p);
      else if (b === 'reject') out.push({ state: 'E', message: p.msg.message, ref: p.msg.ref, error: 'buyer identifier invalid' });
      else out.push({ state: 'G', message: p.msg.message, ref: p.msg.ref });
    }
    this.pending = left;
    return out;
  }
}
