import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectSuccess, type TestApp } from '../helpers.ts';
import { designer, type Designer } from './fixtures.ts';

// The questions and options lists name each row's survey (issue #20): unfiltered, a survey's
// rows and those of its copy were otherwise identical.

let t: TestApp;
let d: Designer;
beforeAll(async () => {
  t = await createTestApp();
  d = await designer(t);
});
afterAll(async () => t?.close());

describe("the questions and options lists with their survey's name", () => {
  it('tell a survey from its copy, sort and search by the survey', async () => {
    const original = await d.survey({ name: 'Auditoría Zeta' });
    const segment = await d.segment(original, { name: 'Exhibición' });
    const question = await d.question(segment, { type: 5, description: 'Marca al frente' });
    await d.option(question, { description: 'Roja' });
    const copy = expectSuccess(
      await d.api.post(`surveys/${original}/duplicate`, {
        campaignId: d.campaignId,
        name: 'Revisión Omega (copia)',
      }),
      'duplicateSurvey',
      201,
    );

    const questions = expectSuccess(
      await d.api.get(`questions/paged?Filter=marca%20al%20frente&Sort=surveyName`),
      'listQuestions',
    );
    expect(questions.rows.map((row) => [row.surveyName, row.segmentName, row.description])).toEqual(
      [
        ['Auditoría Zeta', 'Exhibición', 'Marca al frente'],
        ['Revisión Omega (copia)', 'Exhibición', 'Marca al frente'],
      ],
    );
    expect(questions.rows.map((row) => row.surveyId)).toEqual([original, copy.id]);
    const descending = expectSuccess(
      await d.api.get(`multipleoptions/paged?Filter=roja&Sort=-surveyName`),
      'listMultipleOptions',
    );
    expect(descending.rows.map((row) => [row.surveyName, row.description])).toEqual([
      ['Revisión Omega (copia)', 'Roja'],
      ['Auditoría Zeta', 'Roja'],
    ]);
    // The survey's name is searched like the other texts of the row.
    const bySurvey = expectSuccess(
      await d.api.get(`questions/paged?Filter=omega`),
      'listQuestions',
    );
    expect(bySurvey.rows.map((row) => row.surveyId)).toEqual([copy.id]);
    const optionsBySurvey = expectSuccess(
      await d.api.get(`multipleoptions/paged?Filter=zeta`),
      'listMultipleOptions',
    );
    expect(optionsBySurvey.rows.map((row) => row.surveyId)).toEqual([original]);
    const one = expectSuccess(await d.api.get(`questions/${question}`), 'getQuestion');
    expect(one.surveyName).toBe('Auditoría Zeta');
  });
});
