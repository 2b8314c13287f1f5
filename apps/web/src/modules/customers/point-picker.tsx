import { CircleMarker, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { TILE_ATTRIBUTION, TILE_URL } from '../stores/location-picker';

function Clicks({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

/** Click on the map to set a customer's delivery point; a vector marker, so it works without tiles. */
export function PointPicker({
  latitude,
  longitude,
  center,
  onPick,
  height = 160,
}: {
  latitude: number | null;
  longitude: number | null;
  center: [number, number];
  onPick: (lat: number, lng: number) => void;
  height?: number;
}) {
  const point: [number, number] | null = latitude != null && longitude != null ? [latitude, longitude] : null;
  return (
    <div
      style={{ height, borderRadius: 8, overflow: 'hidden', border: '1px solid #d9d9d9', background: '#eef2f5' }}
      data-testid="customer-map"
    >
      <MapContainer center={point ?? center} zoom={13} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <Clicks onPick={onPick} />
        {point ? (
          <CircleMarker center={point} radius={8} pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1f3a5f', fillOpacity: 1 }} />
        ) : null}
      </MapContainer>
    </div>
  );
}
