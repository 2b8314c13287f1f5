import { useState } from 'react';
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { RouteMap } from '@gasops/shared';
import { TILE_ATTRIBUTION, TILE_URL } from '../stores/location-picker';
import { useMoney } from '../../components/format';

const RING_COLORS = { blue: '#1677ff', yellow: '#fadb14', red: '#f5222d' } as const;
const STORE_GREEN = '#2e7d32';
const TAIPEI: [number, number] = [25.0375, 121.5637];
/** The opening view: the stores and routes with a margin, in quarter zoom steps so they fill the map. */
const FIT = { padding: [40, 40] as [number, number], maxZoom: 14 };
/** Height of a store's name label (px); its width is estimated from the name (a CJK character is ~14 px). */
const LABEL_HEIGHT = 30;
const labelWidth = (name: string) => name.length * 14 + 20;

type LocatedStore = RouteMap['stores'][number] & { latitude: number; longitude: number };
type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

type Side = 'top' | 'bottom' | 'left' | 'right';
const SIDES: Side[] = ['top', 'bottom', 'right', 'left'];
const TOOLTIP_OFFSET: Record<Side, [number, number]> = { top: [0, -10], bottom: [0, 10], left: [-10, 0], right: [10, 0] };
/** Distance from a store's centre to its label (px). */
const GAP = 12;

function labelBox(p: { x: number; y: number }, width: number, side: Side): Box {
  if (side === 'top') return { left: p.x - width / 2, right: p.x + width / 2, top: p.y - GAP - LABEL_HEIGHT, bottom: p.y - GAP };
  if (side === 'bottom') return { left: p.x - width / 2, right: p.x + width / 2, top: p.y + GAP, bottom: p.y + GAP + LABEL_HEIGHT };
  if (side === 'left') return { left: p.x - GAP - width, right: p.x - GAP, top: p.y - LABEL_HEIGHT / 2, bottom: p.y + LABEL_HEIGHT / 2 };
  return { left: p.x + GAP, right: p.x + GAP + width, top: p.y - LABEL_HEIGHT / 2, bottom: p.y + LABEL_HEIGHT / 2 };
}

/**
 * The stores in green with their names. Each name goes above its store, else below, right or left,
 * wherever it covers neither a name already placed nor another store; a name with room nowhere
 * shows when the pointer is over its store (zooming in brings it back). Recomputed on every zoom.
 */
function StoreMarkers({ stores }: { stores: LocatedStore[] }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const points = stores.map((s) => map.project([s.latitude, s.longitude], zoom));
  const taken: Box[] = points.map((p) => ({ left: p.x - GAP, right: p.x + GAP, top: p.y - GAP, bottom: p.y + GAP }));
  const sides = stores.map((s, i) => {
    const boxes = SIDES.map((side) => [side, labelBox(points[i]!, labelWidth(s.name), side)] as const);
    const free = boxes.find(([, box]) => !taken.some((b, k) => k !== i && overlaps(b, box)));
    if (free) taken.push(free[1]);
    return free?.[0] ?? null;
  });
  return stores.map((s, i) => {
    const side = sides[i] ?? null;
    return (
      <CircleMarker
        key={s.id}
        center={[s.latitude, s.longitude]}
        radius={10}
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: STORE_GREEN, fillOpacity: 1 }}
      >
        {/* keyed: Leaflet fixes a tooltip's permanence and side when it binds it */}
        <Tooltip key={side ?? 'hover'} permanent={side !== null} direction={side ?? 'top'} offset={TOOLTIP_OFFSET[side ?? 'top']}>
          {s.name}
        </Tooltip>
      </CircleMarker>
    );
  });
}

/**
 * The route map of seed §9: around each store the blue, yellow and red distance rings (red at
 * ROUTE_RING_RED_KM), the stores in green and every route destination joined to its store. All
 * shapes are vectors, so the map still draws rings and markers when no tile can be loaded.
 */
export function RouteMapView({ data, height = 480 }: { data: RouteMap; height?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [tileError, setTileError] = useState(false);
  const located = data.stores.filter((s): s is LocatedStore => s.latitude != null && s.longitude != null);
  const byId = new Map(located.map((s) => [s.id, s]));
  // The view opens on the stores and their route destinations (Taipei when nothing is located yet).
  const points: [number, number][] = [
    ...located.map((s): [number, number] => [s.latitude, s.longitude]),
    ...data.routes.flatMap((r): [number, number][] => (r.latitude != null && r.longitude != null ? [[r.latitude, r.longitude]] : [])),
  ];
  const view: { bounds: LatLngBoundsExpression } | { center: [number, number]; zoom: number } =
    points.length > 1 ? { bounds: points } : { center: points[0] ?? TAIPEI, zoom: 12 };
  const red = data.rings.find((r) => r.color === 'red')?.km ?? 20;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {data.rings.map((r) => (
          <Tag
            key={r.color}
            color={RING_COLORS[r.color]}
            style={{ color: r.color === 'yellow' ? '#333' : undefined }}
            data-testid={`ring-${r.color}`}
          >
            {r.km} km
          </Tag>
        ))}
        <Tag color={STORE_GREEN}>{t('customers.route.storeLegend')}</Tag>
        <Typography.Text type="secondary">
          {t('customers.route.ringLegend', { blue: data.rings[0]?.km, yellow: data.rings[1]?.km, red })}
        </Typography.Text>
      </Space>
      {tileError ? <Alert type="info" showIcon message={t('customers.route.noTiles')} /> : null}
      <div
        style={{ height, borderRadius: 8, overflow: 'hidden', border: '1px solid #d9d9d9', background: '#eef2f5' }}
        data-testid="route-map"
      >
        <MapContainer {...view} boundsOptions={FIT} zoomSnap={0.25} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
          <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={{ tileerror: () => setTileError(true) }} />
          {located.map((s) =>
            [...data.rings]
              .sort((a, b) => b.km - a.km)
              .map((r) => (
                <Circle
                  key={`${s.id}-${r.color}`}
                  center={[s.latitude, s.longitude]}
                  radius={r.km * 1000}
                  pathOptions={{ color: RING_COLORS[r.color], weight: 2, fillColor: RING_COLORS[r.color], fillOpacity: 0.04 }}
                />
              )),
          )}
          {data.routes.map((r) => {
            const s = byId.get(r.storeId);
            if (r.latitude == null || r.longitude == null) return null;
            return (
              <span key={r.id}>
                {s ? (
                  <Polyline
                    positions={[
                      [s.latitude, s.longitude],
                      [r.latitude, r.longitude],
                    ]}
                    pathOptions={{ color: '#595959', weight: 1, dashArray: '4 4' }}
                  />
                ) : null}
                <CircleMarker
                  center={[r.latitude, r.longitude]}
                  radius={6}
                  pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#1f3a5f', fillOpacity: 1 }}
                >
                  <Tooltip>
                    {r.address} · {(r.distanceM / 1000).toFixed(1)} km · {r.durationMin} min · {money.format(r.amountPerDispatch)}
                  </Tooltip>
                </CircleMarker>
              </span>
            );
          })}
          <StoreMarkers stores={located} />
        </MapContainer>
      </div>
    </Space>
  );
}
