import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../http/contract.ts';
import { registerOptionRoutes } from '../surveys/option-routes.ts';
import { registerQuestionRoutes } from '../surveys/question-routes.ts';
import { registerSegmentRoutes } from '../surveys/segment-routes.ts';
import { registerSurveyRoutes } from '../surveys/survey-routes.ts';
import { QUESTION_TYPES, SURVEY_TYPES } from '../surveys/types.ts';

/**
 * Surveys, segments, questions and multiple options (issue 10, docs/surveys.md), and the
 * survey-type and question-type look-ups. Writes lock the survey row and keep the sibling
 * sequences contiguous (src/surveys/editing.ts); reads of the tree use src/surveys/tree.ts.
 */
export default function surveyRoutes(app: FastifyInstance): void {
  registerOperation(app, 'listSurveyTypeOptions', { auth: 'authenticated' }, async () =>
    SURVEY_TYPES.map(({ id, name }) => ({ id, name })),
  );
  registerOperation(app, 'listQuestionTypeOptions', { auth: 'authenticated' }, async () =>
    QUESTION_TYPES.map(({ id, name }) => ({ id, name })),
  );
  registerSurveyRoutes(app);
  registerSegmentRoutes(app);
  registerQuestionRoutes(app);
  registerOptionRoutes(app);
}
