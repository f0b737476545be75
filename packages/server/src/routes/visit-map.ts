import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard.ts';
import { registerOperation } from '../http/contract.ts';
import { forbidden } from '../http/errors.ts';
import { mapPointsOfSale } from '../visits/map-points-of-sale.ts';
import { checkInMap } from '../visits/map.ts';

// The visits map (issue #24, docs/geo.md, "Map"): the list's filters in a visible box, the
// points of sale of a window of days, and the base map's style (MAP_STYLE_URL).
export default function visitMapRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;
  registerOperation(app, 'getCheckInMap', { auth: 'VIEW_CHECKINS' }, async (request) => {
    const query = request.query;
    // As in the list (spec 1 §6): the promoter filter belongs to those who may see users.
    if (query.promoterId !== undefined && !principalOf(request).permissions.has('VIEW_USERS')) {
      throw forbidden('Filtrar por promotor requiere el permiso VIEW_USERS.');
    }
    return checkInMap(db(), {
      promoterId: query.promoterId,
      startDate: query.startDate,
      endDate: query.endDate,
      outOfRange: query.outOfRange,
      geofenceMeters: app.services.config.geofenceMeters,
      west: query.west,
      south: query.south,
      east: query.east,
      north: query.north,
      zoom: query.zoom,
      visitsLimit: app.services.config.mapVisitsLimit,
    });
  });

  // The same for every box of a window: the browser may keep it a few minutes (a point of sale
  // added to a campaign shows on the map within them), and the app keeps it while it pans.
  registerOperation(
    app,
    'getCheckInMapPointsOfSale',
    { auth: 'VIEW_CHECKINS' },
    async (request, reply) => {
      const { startDate, endDate } = request.query;
      const answer = await mapPointsOfSale(db(), { startDate, endDate });
      void reply.header('cache-control', 'private, max-age=300');
      return answer;
    },
  );

  registerOperation(app, 'getMapSettings', { auth: 'VIEW_CHECKINS' }, async () => ({
    styleUrl: app.services.config.mapStyleUrl ?? null,
  }));
}
