import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../http/contract.ts';
import * as service from './option-service.ts';

// Multiple options: list, options, read, create, update, delete, move. The data and its rules
// are the service's (option-service.ts); a route maps HTTP to it.

export function registerOptionRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;

  registerOperation(app, 'listMultipleOptions', { auth: 'VIEW_MULTIPLEOPTIONS' }, async (request) =>
    service.listOptions(db(), request.query),
  );

  registerOperation(app, 'listMultipleOptionOptions', { auth: 'authenticated' }, async (request) =>
    service.listOptionOptions(db(), request.query),
  );

  registerOperation(app, 'getMultipleOption', { auth: 'VIEW_MULTIPLEOPTIONS' }, async (request) =>
    service.readOption(db(), request.params.id),
  );

  registerOperation(
    app,
    'createMultipleOption',
    { auth: 'CREATE_MULTIPLEOPTIONS' },
    async (request, reply) => {
      const created = await service.createOption(db(), request.body);
      reply.code(201);
      return created;
    },
  );

  registerOperation(
    app,
    'updateMultipleOption',
    { auth: 'UPDATE_MULTIPLEOPTIONS' },
    async (request) => service.updateOption(db(), request.params.id, request.body),
  );

  registerOperation(
    app,
    'deleteMultipleOption',
    { auth: 'DELETE_MULTIPLEOPTIONS' },
    async (request) => service.deleteOption(db(), request.params.id),
  );

  registerOperation(
    app,
    'moveMultipleOption',
    { auth: 'UPDATE_MULTIPLEOPTIONS' },
    async (request) => service.moveOption(db(), request.params.id, request.body.direction),
  );
}
