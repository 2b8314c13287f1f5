import { useEffect, useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';

/**
 * Tiles come from VITE_MAP_TILE_URL (e.g. a company tile server); OpenStreetMap otherwise. The store
 * marker is a vector circle, so it draws even when no tile can be loaded (offline machines).
 */
export const TILE_URL: string =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION: string =
  (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) || '&copy; OpenStreetMap contributors';
/** Taipei, where most demo stores are, when a store has no location yet. */
const FALLBACK_CENTER: [number, number] = [25.0375, 121.5637];

type LatLng = { latitude: number | null; longitude: number | null };

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({
    click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))),
  });
  return null;
}

function FollowMarker({ center }: { center: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (center) map.panTo(center);
  }, [center?.[0], center?.[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** A map to place a store by clicking, plus the coordinates as number inputs. */
export function LocationPicker({ value, onChange, height = 280 }: { value: LatLng; onChange: (v: LatLng) => void; height?: number }) {
  const { t } = useTranslation();
  const [tileError, setTileError] = useState(false);
  const point: [number, number] | null = value.latitude !== null && value.longitude !== null ? [value.latitude, value.longitude] : null;
  return (
    <div data-testid="store-location-picker">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('system.store.pickOnMap')}
      </Typography.Paragraph>
      <div
        style={{ height, borderRadius: 8, overflow: 'hidden', border: '1px solid #d9d9d9', background: '#eef2f5' }}
        data-testid="store-map"
      >
        <MapContainer center={point ?? FALLBACK_CENTER} zoom={point ? 15 : 12} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
          <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={{ tileerror: () => setTileError(true) }} />
          <ClickToPlace onPick={(latitude, longitude) => onChange({ latitude, longitude })} />
          <FollowMarker center={point} />
          {point ? (
            <CircleMarker center={point} radius={10} pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#2e7d32', fillOpacity: 1 }} />
          ) : null}
        </MapContainer>
      </div>
      {tileError ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="map-no-tiles">
          {t('system.store.noTiles')}
        </Typography.Text>
      ) : null}
      <Space wrap style={{ marginTop: 8 }}>
        <span>{t('system.field.latitude')}</span>
        <InputNumber
          data-testid="store-form-latitude"
          min={-90}
          max={90}
          step={0.000001}
          value={value.latitude}
          onChange={(v) => onChange({ ...value, latitude: typeof v === 'number' ? v : null })}
        />
        <span>{t('system.field.longitude')}</span>
        <InputNumber
          data-testid="store-form-longitude"
          min={-180}
          max={180}
          step={0.000001}
          value={value.longitude}
          onChange={(v) => onChange({ ...value, longitude: typeof v === 'number' ? v : null })}
        />
        <Button size="small" onClick={() => onChange({ latitude: null, longitude: null })} disabled={!point}>
          {t('system.store.clearLocation')}
        </Button>
      </Space>
    </div>
  );
}
