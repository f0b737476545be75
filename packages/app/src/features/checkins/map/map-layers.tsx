// The visits map's layers (issue #24): circles and lines only (no text, so no glyphs), coloured
// by the map's three states; clusters sized by their count.
import type { CheckInMap, CheckInMapPointOfSale } from '@anaquel/api';
import { Layer, Source } from '@vis.gl/react-maplibre';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import {
  MAP_STATES,
  POINT_OF_SALE_COLOR,
  outOfRangeLines,
  pointOfSaleFeatures,
  visitFeatures,
  type MapState,
} from './map-data';

const colorOf = (state: MapState) => MAP_STATES.find((s) => s.state === state)!.color;

/** A feature's colour from its `state` property. */
const stateColor: ExpressionSpecification = [
  'match',
  ['get', 'state'],
  'inRange',
  colorOf('inRange'),
  'outOfRange',
  colorOf('outOfRange'),
  colorOf('unknown'),
];

/** The out-of-range lines, the points of sale, then the clusters and the visits on top. */
export function VisitLayers({
  data,
  pointsOfSale,
}: {
  data: CheckInMap | undefined;
  pointsOfSale: readonly CheckInMapPointOfSale[] | undefined;
}) {
  const visits = useMemo(() => visitFeatures(data), [data]);
  const lines = useMemo(() => outOfRangeLines(data), [data]);
  // Their own answer, the same while the map pans: its features are built once per window.
  const places = useMemo(() => pointOfSaleFeatures(pointsOfSale), [pointsOfSale]);
  return (
    <>
      <Source id="lines" type="geojson" data={lines}>
        <Layer
          id="lines"
          type="line"
          paint={{ 'line-color': '#dc2626', 'line-width': 2, 'line-dasharray': [2, 1] }}
        />
      </Source>
      <Source id="places" type="geojson" data={places}>
        <Layer
          id="places"
          type="circle"
          paint={{
            'circle-radius': 5,
            'circle-color': '#ffffff',
            'circle-stroke-color': POINT_OF_SALE_COLOR,
            'circle-stroke-width': 2,
          }}
        />
      </Source>
      <Source id="visits" type="geojson" data={visits}>
        <Layer
          id="clusters"
          type="circle"
          filter={['==', ['get', 'kind'], 'cluster']}
          paint={{
            'circle-color': stateColor,
            'circle-opacity': 0.85,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
            'circle-radius': [
              'interpolate',
              ['linear'],
              ['get', 'count'],
              1,
              10,
              100,
              16,
              1000,
              24,
              10000,
              32,
            ],
          }}
        />
        <Layer
          id="visits"
          type="circle"
          filter={['==', ['get', 'kind'], 'visit']}
          paint={{
            'circle-color': stateColor,
            'circle-radius': 6,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
          }}
        />
      </Source>
    </>
  );
}
