import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../http/contract.ts';
import * as service from './segment-service.ts';

// Segments: list, options, read, create, update (with move and re-parenting), delete, move. The
// data and its rules are the service's (segment-service.ts); a route maps HTTP to it.

export function registerSegmentRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;

  registerOperation(app, 'listSegments', { auth: 'VIEW_SEGMENTS' }, async (request) =>
    service.listSegments(db(), request.query),
  );

  registerOperation(app, 'listSegmentOptions', { auth: 'authenticated' }, async (request) =>
    service.listSegmentOptions(db(), request.query),
  );

  registerOperation(app, 'getSegment', { auth: 'VIEW_SEGMENTS' }, async (request) =>
    service.readSegment(db(), request.params.id),
  );

  registerOperation(app, 'createSegment', { auth: 'CREATE_SEGMENTS' }, async (request, reply) => {
    const created = await service.createSegment(db(), request.body);
    reply.code(201);
    return created;
  });

  registerOperation(app, 'updateSegment', { auth: 'UPDATE_SEGMENTS' }, async (request) =>
    service.updateSegment(db(), request.params.id, request.body),
  );

  registerOperation(app, 'deleteSegment', { auth: 'DELETE_SEGMENTS' }, async (request) =>
    service.deleteSegment(db(), request.params.id),
  );

  registerOperation(app, 'moveSegment', { auth: 'UPDATE_SEGMENTS' }, async (request) =>
    service.moveSegment(db(), request.params.id, request.body.direction),
  );
}
