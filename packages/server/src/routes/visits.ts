import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard.ts';
import { registerOperation } from '../http/contract.ts';
import { fieldError, forbidden } from '../http/errors.ts';
import { readMultipartForm } from '../http/multipart.ts';
import { saveImage } from '../files/images.ts';
import { requirePromoter } from '../visits/promoter.ts';
import {
  getCheckIn,
  getCheckInSurveyResult,
  listCheckIns,
  listCheckInSurveys,
} from '../visits/review.ts';
import { checkInSummary } from '../visits/summary.ts';
import { syncCheckIns } from '../visits/sync.ts';
import { createSyncGate } from '../visits/sync-gate.ts';
import { loadSyncData } from '../visits/sync-data.ts';

// Visits (issue 11): the promoters' sync API (docs/sync.md) and the review calls of spec 1 §7.
export default function visitRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;
  // Per-promoter rate, per-promoter and overall concurrency of the sync (docs/sync.md, "Limits").
  const gate = createSyncGate(app);

  registerOperation(
    app,
    'getSyncData',
    { auth: 'authenticated' },
    gate.limit(async (request) => {
      const promoter = await requirePromoter(db(), principalOf(request).userId);
      return loadSyncData(db(), promoter);
    }),
  );

  // Decoding is bounded by files/images.ts, not by the database's share.
  const photoGate = { database: false };
  registerOperation(
    app,
    'uploadSyncPhoto',
    { auth: 'authenticated' },
    gate.limit(async (request, reply) => {
      const promoter = await requirePromoter(db(), principalOf(request).userId);
      const form = await readMultipartForm(request, 'uploadSyncPhoto');
      const photo = form.files.photo;
      if (!photo) throw fieldError('photo', 'La foto es obligatoria.');
      const id = await saveImage(db(), app.services.storage, photo.buffer, {
        maxBytes: app.services.config.uploadLimit,
        field: 'photo',
        uploadedBy: promoter.userId,
      });
      reply.code(201);
      return { id };
    }, photoGate),
  );

  registerOperation(
    app,
    'syncCheckIns',
    { auth: 'authenticated' },
    gate.limit(async (request) => {
      const promoter = await requirePromoter(db(), principalOf(request).userId);
      const results = await syncCheckIns(db(), promoter, request.body.checkIns);
      return { results };
    }),
  );

  reviewRoutes(app);
}

/** The review calls of spec 1 §7 (VIEW_CHECKINS): the list, one visit, its surveys, a result. */
function reviewRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;
  registerOperation(app, 'listCheckIns', { auth: 'VIEW_CHECKINS' }, async (request) => {
    const query = request.query;
    // spec 1 §6: the promoter filter belongs to those who may see users.
    if (query.promoterId !== undefined && !principalOf(request).permissions.has('VIEW_USERS')) {
      throw forbidden('Filtrar por promotor requiere el permiso VIEW_USERS.');
    }
    return listCheckIns(db(), {
      page: query.Page ?? 1,
      pageSize: query.PageSize ?? 10,
      sort: query.Sort,
      promoterId: query.promoterId,
      startDate: query.startDate,
      endDate: query.endDate,
      outOfRange: query.outOfRange,
      geofenceMeters: app.services.config.geofenceMeters,
    });
  });

  registerOperation(app, 'getCheckIn', { auth: 'VIEW_CHECKINS' }, async (request) =>
    getCheckIn(db(), request.params.id, app.services.config.geofenceMeters),
  );

  registerOperation(app, 'getCheckInSummary', { auth: 'VIEW_CHECKINS' }, async () =>
    checkInSummary(db(), new Date(), app.services.config.geofenceMeters),
  );

  registerOperation(app, 'listCheckInSurveys', { auth: 'VIEW_CHECKINS' }, async (request) =>
    listCheckInSurveys(db(), request.params.id),
  );

  registerOperation(app, 'getCheckInSurveyResult', { auth: 'VIEW_CHECKINS' }, async (request) =>
    getCheckInSurveyResult(db(), request.params.checkInSurveyId),
  );
}
