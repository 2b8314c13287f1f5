/**
 * Taiwan Unified Business Number (統一編號) checksum, per ../shared/DOMAIN.md:
 * weights 1 2 1 2 1 2 4 1, digit-sum of each product, valid when S % 5 == 0,
 * or when the 7th digit is 7 and (S + 1) % 5 == 0. 00000000 is rejected.
 */
const WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

export function isValidUbn(value: string): boolean {
  if (!/^\d{8}$/.test(value) || value === '00000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = Number(value[i]) * WEIGHTS[i]!;
    sum += Math.floor(product / 10) + (product % 10);
  }
  if (sum % 5 === 0) return true;
  return value[6] === '7' && (sum + 1) % 5 === 0;
}
