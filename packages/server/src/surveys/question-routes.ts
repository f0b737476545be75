import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../http/contract.ts';
import * as service from './question-service.ts';

// Questions: list, options, read, the tree of its survey, create, update, delete, move. The data
// and its rules are the service's (question-service.ts); a route maps HTTP to it.

export function registerQuestionRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;

  registerOperation(app, 'listQuestions', { auth: 'VIEW_QUESTIONS' }, async (request) =>
    service.listQuestions(db(), request.query),
  );

  registerOperation(app, 'listQuestionOptions', { auth: 'authenticated' }, async (request) =>
    service.listQuestionOptions(db(), request.query),
  );

  registerOperation(app, 'getQuestion', { auth: 'VIEW_QUESTIONS' }, async (request) =>
    service.readQuestion(db(), request.params.id),
  );

  registerOperation(app, 'getQuestionSurvey', { auth: 'VIEW_QUESTIONS' }, async (request) =>
    service.readQuestionSurvey(db(), request.params.id),
  );

  registerOperation(app, 'createQuestion', { auth: 'CREATE_QUESTIONS' }, async (request, reply) => {
    const created = await service.createQuestion(db(), request.body);
    reply.code(201);
    return created;
  });

  registerOperation(app, 'updateQuestion', { auth: 'UPDATE_QUESTIONS' }, async (request) =>
    service.updateQuestion(db(), request.params.id, request.body),
  );

  registerOperation(app, 'deleteQuestion', { auth: 'DELETE_QUESTIONS' }, async (request) =>
    service.deleteQuestion(db(), request.params.id),
  );

  registerOperation(app, 'moveQuestion', { auth: 'UPDATE_QUESTIONS' }, async (request) =>
    service.moveQuestion(db(), request.params.id, request.body.direction),
  );
}
