// The visits map's canvas (issue #24, docs/geo.md, "Map"): MapLibre GL JS through its React
// bindings, loaded only by /checkins/mapa (this module and maplibre-gl are their own chunks).
// Circle and line layers only, and HTML popups: no text layer, so no glyphs nor sprites to fetch.
import type { CheckInMap, CheckInMapPointOfSale } from '@anaquel/api';
import { Map as MapLibreMap, NavigationControl, type MapRef } from '@vis.gl/react-maplibre';
import * as maplibre from 'maplibre-gl';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './visits-map.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { resolveTheme } from '../../../lib/theme';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useThemeStore } from '../../../stores/theme-store';
import { MEXICO_BOUNDS, type MapBox } from './map-data';
import { VisitLayers } from './map-layers';
import { MapPopup, type Selection } from './map-popup';
import { builtInStyle } from './map-style';

// The worker is an asset of the build (Vite's ?url), served by the app like its scripts.
maplibre.setWorkerUrl(workerUrl);

/** How long the map rests before it asks for the new area. */
const MOVE_DEBOUNCE_MS = 300;

const boxOf = (map: maplibre.Map): MapBox => {
  const bounds = map.getBounds();
  return {
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
    zoom: map.getZoom(),
  };
};

const INTERACTIVE = ['clusters', 'visits', 'places'];

export interface VisitsMapProps {
  /** MAP_STYLE_URL, or null for the built-in base. */
  styleUrl: string | null;
  data: CheckInMap | undefined;
  /** The campaigns' points of sale of the window (their own request, not the box's). */
  pointsOfSale: readonly CheckInMapPointOfSale[] | undefined;
  /** The visible area, once the map rests after a move (and once loaded). */
  onBoxChange: (box: MapBox) => void;
}

export default function VisitsMap({ styleUrl, data, pointsOfSale, onBoxChange }: VisitsMapProps) {
  const mapRef = useRef<MapRef>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [cursor, setCursor] = useState('');
  const theme = resolveTheme(
    useThemeStore((s) => s.current),
    useMediaQuery('(prefers-color-scheme: dark)'),
  );
  const style = useMemo(
    () => styleUrl ?? builtInStyle(window.location.origin, theme),
    [styleUrl, theme],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  // A new answer may no longer hold the selected visit or cluster.
  useEffect(() => setSelection(null), [data]);

  const report = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const map = mapRef.current?.getMap();
      if (map) onBoxChange(boxOf(map));
    }, MOVE_DEBOUNCE_MS);
  };

  const onClick = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    if (!feature) return setSelection(null);
    const index = Number(feature.properties.index);
    const at = { longitude: event.lngLat.lng, latitude: event.lngLat.lat };
    if (feature.layer.id === 'places') {
      const place = pointsOfSale?.find((p) => p.id === Number(feature.properties.id));
      if (place) setSelection({ kind: 'place', place, ...at });
    } else if (!data) {
      setSelection(null);
    } else if (feature.properties.kind === 'cluster') {
      const cluster = data.clusters[index];
      if (cluster) setSelection({ kind: 'cluster', cluster, ...at });
    } else {
      const visit = data.visits[index];
      if (visit) setSelection({ kind: 'visit', visit, ...at });
    }
  };

  return (
    <MapLibreMap
      ref={mapRef}
      mapLib={maplibre}
      mapStyle={style}
      initialViewState={{ bounds: MEXICO_BOUNDS, fitBoundsOptions: { padding: 16 } }}
      style={{ width: '100%', height: '100%' }}
      interactiveLayerIds={INTERACTIVE}
      cursor={cursor}
      onLoad={report}
      onMoveEnd={report}
      onClick={onClick}
      onMouseEnter={() => setCursor('pointer')}
      onMouseLeave={() => setCursor('')}
      locale={{ 'NavigationControl.ZoomIn': 'Acercar', 'NavigationControl.ZoomOut': 'Alejar' }}
    >
      <NavigationControl showCompass={false} />
      <VisitLayers data={data} pointsOfSale={pointsOfSale} />
      {selection && (
        <MapPopup
          selection={selection}
          onClose={() => setSelection(null)}
          onZoomIn={(longitude, latitude) => {
            setSelection(null);
            const map = mapRef.current;
            if (map) map.easeTo({ center: [longitude, latitude], zoom: map.getZoom() + 2 });
          }}
        />
      )}
    </MapLibreMap>
  );
}
