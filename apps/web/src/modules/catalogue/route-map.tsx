import { useState } from 'react';
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, MapContainer, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { TILE_ATTRIBUTION, TILE_URL } from '../stores/location-picker';
import { useMoney } from '../customers/sales-kit';

export type MapData = {
  stores: { id: number; name: string; address: string | null; latitude: number | null; longitude: number | null }[];
  routes: { id: number; storeId: number; address: string; latitude: number | null; longitude: number | null; distanceM: number; durationMin: number; amountPerDispatch: number }[];
  rings: { color: 'blue' | 'yellow' | 'red'; km: number }[];
};

const RING_COLORS = { blue: '#1677ff', yellow: '#fadb14', red: '#f5222d' } as const;
const STORE_GREEN = '#2e7d32';

/**
 * The route map of seed §9: around each store the blue, yellow and red distance rings (red at
 * ROUTE_RING_RED_KM), the stores in green and every route destination joined to its store. All
 * shapes are vectors, so the map still draws rings and markers when no tile can be loaded.
 */
export function RouteMap({ data, height = 480 }: { data: MapData; height?: number }) {
  const { t } = useTranslation();
  const { fmt } = useMoney();
  const [tileError, setTileError] = useState(false);
  const located = data.stores.filter((s) => s.latitude != null && s.longitude != null);
  const center: [number, number] = located.length ? [located.reduce((a, s) => a + s.latitude!, 0) / located.length, located.reduce((a, s) => a + s.longitude!, 0) / located.length] : [25.0375, 121.5637];
  const byId = new Map(located.map((s) => [s.id, s]));
  const red = data.rings.find((r) => r.color === 'red')?.km ?? 20;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {data.rings.map((r) => (
          <Tag key={r.color} color={RING_COLORS[r.color]} style={{ color: r.color === 'yellow' ? '#333' : undefined }} data-testid={`ring-${r.color}`}>
            {r.km} km
          </Tag>
        ))}
        <Tag color={STORE_GREEN}>{t('customers.route.storeLegend')}</Tag>
        <Typography.Text type="secondary">
          {t('customers.route.ringLegend', { blue: data.rings[0]?.km, yellow: data.rings[1]?.km, red })}
        </Typography.Text>
      </Space>
      {tileError ? <Alert type="info" showIcon message={t('customers.route.noTiles')} /> : null}
      <div style={{ height, borderRadius: 8, overflow: 'hidden', border: '1px solid #d9d9d9', background: '#eef2f5' }} data-testid="route-map">
        <MapContainer center={center} zoom={10} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
          <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={{ tileerror: () => setTileError(true) }} />
          {located.map((s) =>
            [...data.rings]
              .sort((a, b) => b.km - a.km)
              .map((r) => (
                <Circle
                  key={`${s.id}-${r.color}`}
                  center={[s.latitude!, s.longitude!]}
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
                {s ? <Polyline positions={[[s.latitude!, s.longitude!], [r.latitude, r.longitude]]} pathOptions={{ color: '#595959', weight: 1, dashArray: '4 4' }} /> : null}
                <CircleMarker center={[r.latitude, r.longitude]} radius={6} pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#1f3a5f', fillOpacity: 1 }}>
                  <Tooltip>
                    {r.address} · {(r.distanceM / 1000).toFixed(1)} km · {r.durationMin} min · {fmt(r.amountPerDispatch)}
                  </Tooltip>
                </CircleMarker>
              </span>
            );
          })}
          {located.map((s) => (
            <CircleMarker key={s.id} center={[s.latitude!, s.longitude!]} radius={10} pathOptions={{ color: '#ffffff', weight: 3, fillColor: STORE_GREEN, fillOpacity: 1 }}>
              <Tooltip permanent direction="top" offset={[0, -10]}>
                {s.name}
              </Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
      </div>
    </Space>
  );
}
