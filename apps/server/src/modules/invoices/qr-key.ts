import crypto from 'node:crypto';
import { QR_AES_IV_BASE64, verificationPlaintext } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { openSecret, sealSecret, type SecretBoxConfig } from '../../platform/secret-box.js';

/**
 * The stores' QR AES keys (the seller's 32-hex seed password) are stored sealed by the platform's secret
 * box (AES-256-GCM under SECRETS_KEY), bound to this use, and never answered.
 */
const PURPOSE = 'invoice-qr-aes-key';

export const sealQrKey = (db: Executor, config: SecretBoxConfig, keyHex: string) => sealSecret(db, config, keyHex.toUpperCase(), PURPOSE);
export const openQrKey = (db: Executor, config: SecretBoxConfig, sealed: string) => openSecret(db, config, sealed, PURPOSE);

/**
 * The QR code's verification field (DOMAIN.md): AES-128-CBC with PKCS7 padding of invoice number +
 * random code, key = the seller's 32-hex seed, IV = the spec's fixed IV, as Base64 (24 characters).
 */
export function verificationField(keyHex: string, number: string, randomCode: string): string {
  const cipher = crypto.createCipheriv('aes-128-cbc', Buffer.from(keyHex, 'hex'), Buffer.from(QR_AES_IV_BASE64, 'base64'));
  return Buffer.concat([cipher.update(verificationPlaintext(number, randomCode), 'utf8'), cipher.final()]).toString('base64');
}
