import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../platform/config.js';

type MailMessage = { to: string; subject: string; text: string };
export type MailResult = { delivery: 'smtp' | 'outbox'; outboxFile: string | null };

/**
 * Sends one e-mail through the SMTP server of `SMTP_URL`. Without one (a fresh install, a demo) the
 * message is written as an .eml file to DATA_DIR/outbox so an operator can still read and forward it.
 */
export async function sendMail(config: Config, message: MailMessage): Promise<MailResult> {
  const { default: nodemailer } = await import('nodemailer'); // with the first message, not at start
  const mail = { from: config.mailFrom, to: message.to, subject: message.subject, text: message.text };
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    try {
      await transport.sendMail(mail);
    } finally {
      transport.close();
    }
    return { delivery: 'smtp', outboxFile: null };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mail);
  const dir = path.join(config.dataDir, 'outbox');
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  return { delivery: 'outbox', outboxFile: file };
}
