/**
 * The only API routes an anonymous caller may reach. A route declaring `permission: 'public'`
 * must be listed here, and every other /api route must declare a permission (checked at start
 * and by the route-enumeration test). Entries are `METHOD /path`; a trailing `*` matches a prefix.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/docs*',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/public/stores',
  'GET /api/public/stores/:id/products',
  'POST /api/public/orders',
  'POST /api/iot/readings',
  'GET /api/public/cylinders/:code',
  'POST /api/cylinders/reader-scans',
  'POST /api/line/webhook/:channel',
  'GET /api/public/line-order/:token',
  'GET /api/public/chat-retention',
];

export function isListedPublic(method: string, url: string): boolean {
  return PUBLIC_ROUTES.some((entry) => {
    const [m, p = ''] = entry.split(' ');
    // Fastify adds a HEAD route beside every GET; it is as public as its GET.
    if (m !== method && !(method === 'HEAD' && m === 'GET')) return false;
    return p.endsWith('*') ? url.startsWith(p.slice(0, -1)) : url === p;
  });
}
