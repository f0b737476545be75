import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { operations } from '@anaquel/api/schema';
import { principalOf } from '../auth/guard.ts';
import { tryHoldLock } from '../db/held-locks.ts';
import { registerOperation } from '../http/contract.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { startPhotoZip } from '../visits/photo-zip.ts';
import { checkDates, countPhotos, listPhotos, type PhotoFilter } from '../visits/photos.ts';

/** The filters of the gallery, its count and the ZIP (the same parameters). */
type PhotoQuery = NonNullable<operations['downloadCheckInPhotos']['parameters']['query']>;

const DOWNLOAD_RUNNING =
  'Ya tienes una descarga de fotos en curso. Espera a que termine o cancélala.';

/** The filter of a request; the promoter filter belongs to those who may see users (spec 1 §6). */
function filterOf(request: FastifyRequest, query: PhotoQuery, geofenceMeters: number): PhotoFilter {
  if (query.promoterId !== undefined && !principalOf(request).permissions.has('VIEW_USERS')) {
    throw forbidden('Filtrar por promotor requiere el permiso VIEW_USERS.');
  }
  const filter: PhotoFilter = {
    promoterId: query.promoterId,
    startDate: query.startDate,
    endDate: query.endDate,
    outOfRange: query.outOfRange,
    campaignId: query.campaignId,
    pointOfSaleId: query.pointOfSaleId,
    surveyId: query.surveyId,
    questionId: query.questionId,
    geofenceMeters,
  };
  checkDates(filter);
  return filter;
}

// The photo gallery and the ZIP of photos (issue #24, docs/gallery.md).
export default function photoRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;
  const geofence = () => app.services.config.geofenceMeters;

  registerOperation(app, 'listCheckInPhotos', { auth: 'VIEW_CHECKINS' }, async (request) => {
    const { cursor, PageSize, ...query } = request.query;
    return listPhotos(db(), filterOf(request, query, geofence()), cursor, PageSize ?? 48);
  });

  // Apart from the pages (each costs the same, first or deep): asked once per filter.
  registerOperation(app, 'countCheckInPhotos', { auth: 'VIEW_CHECKINS' }, async (request) =>
    countPhotos(db(), filterOf(request, request.query, geofence())),
  );

  // One ZIP at a time per user, whichever process serves it (db/held-locks.ts).
  registerOperation(
    app,
    'downloadCheckInPhotos',
    { auth: 'VIEW_CHECKINS' },
    async (request, reply) => {
      const userId = principalOf(request).userId;
      // Both passes of the ZIP (photos, then fotos.csv) see the visits stored until now.
      const filter = { ...filterOf(request, request.query, geofence()), syncedUpTo: new Date() };
      const release = await tryHoldLock(db(), `photos-zip:${userId}`);
      if (!release) throw conflict(DOWNLOAD_RUNNING);
      let zip: ReturnType<typeof startPhotoZip> | undefined;
      reply.raw.once('close', () => {
        void release();
        if (!reply.raw.writableFinished) zip?.cancel();
      });
      try {
        // Errors until here are still the JSON envelope. Nothing is counted first: the first
        // bytes leave at once (docs/gallery.md).
        zip = startPhotoZip(db(), app.services.storage, filter);
        zip.done.catch((error: unknown) => {
          request.log.error({ err: error }, 'photo ZIP failed while streaming');
        });
        const day = (value: string | undefined, none: string) => value ?? none;
        const name = `fotos_${day(filter.startDate, 'sin_inicio')}_${day(filter.endDate, 'sin_fin')}.zip`;
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(zip.stream);
      } catch (error) {
        zip?.cancel();
        await release();
        throw error;
      }
    },
  );
}
