import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../http/contract.ts';
import * as service from './survey-service.ts';
import { readSurveyTree } from './tree.ts';

// Surveys: list, options, plain list by campaign, tree, create, update, delete, duplicate. The
// data and its rules are the service's (survey-service.ts); a route maps HTTP to it.

export function registerSurveyRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;

  registerOperation(app, 'listSurveys', { auth: 'VIEW_SURVEYS' }, async (request) =>
    service.listSurveys(db(), request.query),
  );

  registerOperation(app, 'listSurveyOptions', { auth: 'authenticated' }, async (request) =>
    service.listSurveyOptions(db(), request.query),
  );

  registerOperation(app, 'listSurveysByCampaign', { auth: 'authenticated' }, async (request) =>
    service.listSurveysByCampaign(db(), request.query),
  );

  registerOperation(app, 'getSurvey', { auth: 'VIEW_SURVEYS' }, async (request) =>
    readSurveyTree(db(), request.params.id),
  );

  registerOperation(app, 'createSurvey', { auth: 'CREATE_SURVEYS' }, async (request, reply) => {
    const created = await service.createSurvey(db(), request.body);
    reply.code(201);
    return created;
  });

  registerOperation(app, 'updateSurvey', { auth: 'UPDATE_SURVEYS' }, async (request) =>
    service.updateSurvey(db(), request.params.id, request.body),
  );

  registerOperation(app, 'deleteSurvey', { auth: 'DELETE_SURVEYS' }, async (request) =>
    service.deleteSurvey(db(), request.params.id),
  );

  registerOperation(app, 'duplicateSurvey', { auth: 'CREATE_SURVEYS' }, async (request, reply) => {
    const copy = await service.copySurvey(db(), request.params.id, request.body);
    reply.code(201);
    return copy;
  });
}
