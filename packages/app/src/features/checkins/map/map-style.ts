// The visits map's base (issue #24, docs/geo.md, "Map"): MAP_STYLE_URL when the operator set one
// (GET checkins/map/settings), else this built-in style, whose only source is Mexico's state
// outlines shipped with the app (public/map/mexico-states.json: Natural Earth's 1:10m admin-1,
// public domain, simplified to about 1 km and 83 KB). It has no glyphs, sprites nor tiles: no
// request leaves the machine, and nothing here needs a text layer.
import type { StyleSpecification } from 'maplibre-gl';

/** Where the app serves the outlines (packages/app/public/map). */
const MEXICO_STATES_URL = '/map/mexico-states.json';

/** The base's colours: light (pale sea, white land) or, in the dark theme, slate shades. */
const PALETTES = {
  light: { sea: '#e8eef4', land: '#ffffff', border: '#9ca3af' },
  dark: { sea: '#0b1220', land: '#1e293b', border: '#64748b' },
} as const;

/**
 * The built-in base in the app's theme: a white map in the dark theme was the brightest thing
 * on the screen, and the visits' colours read on both.
 */
export function builtInStyle(
  origin: string,
  theme: 'light' | 'dark' = 'light',
): StyleSpecification {
  const palette = PALETTES[theme];
  return {
    version: 8,
    sources: {
      states: {
        type: 'geojson',
        // MapLibre fetches it from its worker, which needs an absolute URL.
        data: new URL(MEXICO_STATES_URL, origin).href,
        attribution: 'Natural Earth',
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': palette.sea } },
      { id: 'states-fill', type: 'fill', source: 'states', paint: { 'fill-color': palette.land } },
      {
        id: 'states-line',
        type: 'line',
        source: 'states',
        paint: { 'line-color': palette.border, 'line-width': 0.8 },
      },
    ],
  };
}
