import { useEffect, useState } from 'react';
import type { LatLng } from './today/distance';

/** Where the promoter stands, as far as the phone tells. */
export type PositionState =
  | { status: 'locating' }
  | { status: 'known'; position: LatLng; accuracy: number }
  /** Refused, not available on this device, or not found: the list goes by name. */
  | { status: 'unavailable'; reason: 'denied' | 'unsupported' | 'failed' };

/** Follows the phone's position while mounted (the list re-sorts as the promoter walks). */
export function usePosition(): PositionState {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [state, setState] = useState<PositionState>(
    supported ? { status: 'locating' } : { status: 'unavailable', reason: 'unsupported' },
  );
  useEffect(() => {
    if (!supported) return;
    const id = navigator.geolocation.watchPosition(
      ({ coords }) =>
        setState({
          status: 'known',
          position: { latitude: coords.latitude, longitude: coords.longitude },
          accuracy: coords.accuracy,
        }),
      (error) =>
        setState((current) =>
          // A later timeout keeps the last known position: it is still the best guess.
          current.status === 'known' && error.code !== error.PERMISSION_DENIED
            ? current
            : {
                status: 'unavailable',
                reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed',
              },
        ),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [supported]);
  return state;
}
