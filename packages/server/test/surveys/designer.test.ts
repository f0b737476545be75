import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
  questions,
  segments,
  surveys,
} from '../../src/db/schema/index.ts';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { created, designer, expectMessage, newCampaign, type Designer } from './fixtures.ts';

// The survey resources through the API (issue 10): CRUD, lists with cascading filters, look-ups,
// the type rules of spec 2 §4-§5 with their Spanish messages, moves, skip logic, the tree with
// validity, duplication and the in-use rule. Every answer is checked against the contract.

let t: TestApp;
let d: Designer;
beforeAll(async () => {
  t = await createTestApp();
  d = await designer(t);
});
afterAll(async () => t?.close());

const IN_USE = 'El cuestionario ya tiene respuestas registradas; duplícalo para modificarlo.';

async function optionsOf(questionId: number) {
  return t.db
    .select({
      id: multipleOptions.id,
      description: multipleOptions.description,
      order: multipleOptions.order,
      points: multipleOptions.points,
      isOther: multipleOptions.isOther,
    })
    .from(multipleOptions)
    .where(eq(multipleOptions.questionId, questionId))
    .orderBy(multipleOptions.order);
}

function questionBody(segmentId: number, fields: Record<string, unknown> = {}) {
  return { segmentId, type: 0, description: 'Pregunta', points: 0, ...fields };
}

describe('look-ups', () => {
  it('answers the survey types and the 13 question types with their Spanish labels', async () => {
    expect(expectSuccess(await d.api.get('surveytypes/options'), 'listSurveyTypeOptions')).toEqual([
      { id: 1, name: 'Punto de venta' },
      { id: 2, name: 'Producto' },
    ]);
    const types = expectSuccess(
      await d.api.get('questionTypes/options'),
      'listQuestionTypeOptions',
    );
    expect(types.map((type) => type.name)).toEqual([
      'Texto',
      'Entero',
      'Decimal',
      'Fecha',
      'Si/No',
      'Opción Única',
      'Opción Multiple',
      'Número Máximo de Opciones',
      'Número Mínimo de Opciones',
      'Número Exacto de Opciones',
      'Matriz de Likert',
      'Ranking',
      'Rating',
    ]);
    expect(types.map((type) => type.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('surveys', () => {
  it('creates, reads, lists with the campaign filter, updates and deletes', async () => {
    const other = await newCampaign(t.db, 'Verano 2026');
    const body = {
      campaignId: d.campaignId,
      type: 2,
      name: '  Exhibición en anaquel ',
      description: '',
      points: 12.5,
      isActive: true,
    };
    const survey = created(await d.api.post('surveys', body), 'createSurvey');
    expect(survey).toMatchObject({
      name: 'Exhibición en anaquel',
      description: null,
      typeDescription: 'Producto',
      campaignName: 'Regreso a clases 2026',
      points: 12.5,
      firstAnswerAt: null,
    });
    await d.survey({ campaignId: other, name: 'Otro cuestionario' });

    const page = expectSuccess(
      await d.api.get(`surveys/paged?campaignId=${d.campaignId}&Filter=anaquel`),
      'listSurveys',
    );
    expect(page.rows.map((row) => row.id)).toEqual([survey.id]);
    const byType = expectSuccess(
      await d.api.get('surveys/paged?Sort=-typeDescription&PageSize=100'),
      'listSurveys',
    );
    expect(byType.rows[0]!.typeDescription).toBe('Punto de venta');

    const plain = expectSuccess(
      await d.api.get(`surveys?campaignId=${d.campaignId}&productTypeOnly=true`),
      'listSurveysByCampaign',
    );
    expect(plain.map((row) => row.id)).toEqual([survey.id]);
    const options = expectSuccess(
      await d.api.get(`surveys/options?campaignId=${other}`),
      'listSurveyOptions',
    );
    expect(options.map((o) => o.name)).toEqual(['Otro cuestionario']);

    const updated = expectSuccess(
      await d.api.put(`surveys/${survey.id}`, { ...body, name: 'Anaquel', type: 1 }),
      'updateSurvey',
    );
    expect(updated).toMatchObject({ name: 'Anaquel', typeDescription: 'Punto de venta' });

    expectSuccess(await d.api.delete(`surveys/${survey.id}`), 'deleteSurvey');
    expectFailure(await d.api.get(`surveys/${survey.id}`), 'getSurvey', 404);
  });

  it('pages the options (Skip) and answers named ones, inactive included (Ids)', async () => {
    const campaignId = await newCampaign(t.db, 'Opciones 2026');
    const first = await d.survey({ campaignId, name: 'Alfa' });
    await d.survey({ campaignId, name: 'Beta' });
    const hidden = await d.survey({ campaignId, name: 'Gamma', isActive: false });
    const second = expectSuccess(
      await d.api.get(`surveys/options?campaignId=${campaignId}&Take=1&Skip=1`),
      'listSurveyOptions',
    );
    expect(second.map((o) => o.name)).toEqual(['Beta']);
    const named = expectSuccess(
      await d.api.get(`surveys/options?Ids=${hidden}&Ids=${first}`),
      'listSurveyOptions',
    );
    expect(named).toEqual([
      { id: first, name: 'Alfa', isActive: true },
      { id: hidden, name: 'Gamma', isActive: false },
    ]);
  });

  it('answers Spanish messages for the name, points and a missing campaign', async () => {
    const base = { campaignId: d.campaignId, type: 1, name: 'Nombre', points: 0, isActive: true };
    expectMessage(
      await d.api.post('surveys', { ...base, name: ' ' }),
      400,
      'El nombre es obligatorio',
    );
    expectMessage(
      await d.api.post('surveys', { ...base, name: 'ab' }),
      400,
      'El nombre debe tener al menos 3 caracteres',
    );
    expectMessage(
      await d.api.post('surveys', { ...base, points: 1.005 }),
      400,
      'Los puntos admiten como máximo 2 decimales',
    );
    expectMessage(
      await d.api.post('surveys', { ...base, campaignId: 999 }),
      400,
      'La campaña no existe.',
    );
    expectFailure(await d.api.post('surveys', { ...base, type: 3 }), 'createSurvey', 400);
  });
});

describe('segments and ordering', () => {
  it('inserts at a position, closes gaps on delete, moves one step and refuses the ends', async () => {
    const s = await d.survey();
    const a = await d.segment(s, { name: 'Alfa' });
    const b = await d.segment(s, { name: 'Beta' });
    const c = await d.segment(s, { name: 'Gamma', order: 0 });
    const order = async () =>
      (await d.tree(s)).segments.map((segment) => [segment.name, segment.order]);
    expect(await order()).toEqual([
      ['Gamma', 0],
      ['Alfa', 1],
      ['Beta', 2],
    ]);
    const moved = expectSuccess(
      await d.api.post(`segments/${b}/move`, { direction: 'up' }),
      'moveSegment',
    );
    expect(moved.order).toBe(1);
    expectMessage(
      await d.api.post(`segments/${c}/move`, { direction: 'up' }),
      400,
      'El segmento ya está en la primera posición.',
    );
    expectMessage(
      await d.api.post(`segments/${a}/move`, { direction: 'down' }),
      400,
      'El segmento ya está en la última posición.',
    );
    expectSuccess(await d.api.delete(`segments/${c}`), 'deleteSegment');
    expect(await order()).toEqual([
      ['Beta', 0],
      ['Alfa', 1],
    ]);
  });

  it('shares one order between the questions and sub-segments of a segment', async () => {
    const s = await d.survey();
    const top = await d.segment(s);
    const q1 = await d.question(top);
    const sub = await d.segment(s, { parentId: top });
    const q2 = await d.question(top, { order: 1 });
    const tree = await d.tree(s);
    const parent = tree.segments[0]!;
    expect(parent.questions.map((q) => [q.id, q.order])).toEqual([
      [q1, 0],
      [q2, 1],
    ]);
    expect(parent.children.map((c) => [c.id, c.order])).toEqual([[sub, 2]]);
    expectSuccess(await d.api.post(`segments/${sub}/move`, { direction: 'up' }), 'moveSegment');
    const after = (await d.tree(s)).segments[0]!;
    expect(after.children[0]!.order).toBe(1);
    expect(after.questions.find((q) => q.id === q2)!.order).toBe(2);
  });

  it('re-parents within the survey only, never inside itself', async () => {
    const s = await d.survey();
    const a = await d.segment(s, { name: 'Alfa' });
    const b = await d.segment(s, { name: 'Beta', parentId: a });
    const put = (id: number, fields: Record<string, unknown>) =>
      d.api.put(`segments/${id}`, { surveyId: s, name: 'Alfa', points: 0, ...fields });
    expectMessage(
      await put(a, { parentId: b }),
      400,
      'Un segmento no puede quedar dentro de sí mismo.',
    );
    const elsewhere = await d.segment(await d.survey());
    expectMessage(
      await put(a, { parentId: elsewhere }),
      400,
      'El segmento padre no pertenece al cuestionario.',
    );
    expectMessage(
      await put(a, { surveyId: await d.survey() }),
      400,
      'Un segmento no puede cambiar de cuestionario.',
    );
    const moved = expectSuccess(await put(b, { name: 'Beta', parentId: null }), 'updateSegment');
    expect(moved).toMatchObject({ parentId: null, order: 1, parentName: null });
  });

  it('lists with the campaign and survey filters and the segment options', async () => {
    const s = await d.survey();
    const top = await d.segment(s, { name: 'Exhibición' });
    await d.segment(s, { name: 'Precio', parentId: top });
    const page = expectSuccess(
      await d.api.get(`segments/paged?campaignId=${d.campaignId}&surveyId=${s}&Sort=-name`),
      'listSegments',
    );
    expect(page.rows.map((row) => [row.name, row.parentName])).toEqual([
      ['Precio', 'Exhibición'],
      ['Exhibición', null],
    ]);
    const options = expectSuccess(
      await d.api.get(`segments/options?surveyId=${s}&Filter=exhib`),
      'listSegmentOptions',
    );
    expect(options).toEqual([{ id: top, name: 'Exhibición' }]);
  });
});

describe('question type rules', () => {
  let segmentId: number;
  beforeAll(async () => {
    segmentId = await d.segment(await d.survey());
  });

  it('Si/No gets exactly Sí and No, locked and undeletable', async () => {
    const q = await d.question(segmentId, { type: 4, hasOther: true });
    const options = await optionsOf(q);
    expect(options.map((o) => [o.description, o.order, o.isOther])).toEqual([
      ['Sí', 0, false],
      ['No', 1, false],
    ]);
    const yes = options[0]!;
    expectMessage(
      await d.api.put(`multipleoptions/${yes.id}`, {
        questionId: q,
        description: 'Claro',
        points: 1,
      }),
      400,
      'La descripción de esta opción no se puede cambiar.',
    );
    const scored = expectSuccess(
      await d.api.put(`multipleOptions/${yes.id}`, { questionId: q, description: 'Sí', points: 1 }),
      'updateMultipleOption',
    );
    expect(scored.points).toBe(1);
    expectMessage(
      await d.api.delete(`multipleoptions/${yes.id}`),
      400,
      'Esta opción no se puede eliminar.',
    );
    expectMessage(
      await d.api.post('multipleoptions', { questionId: q, description: 'Tal vez', points: 0 }),
      400,
      'Las preguntas Si/No tienen exactamente las opciones Sí y No.',
    );
    const question = expectSuccess(await d.api.get(`questions/${q}`), 'getQuestion');
    expect(question.hasOther).toBe(false);
  });

  it.each([5, 6, 7, 8, 9, 11])("type %i creates and removes 'Otro' with hasOther", async (type) => {
    const count = type >= 7 && type <= 9 ? 1 : null;
    const q = await d.question(segmentId, { type, hasOther: true, multipleOptionsCount: count });
    await d.option(q, { description: 'Primera' });
    expect((await optionsOf(q)).map((o) => [o.description, o.order, o.isOther])).toEqual([
      ['Primera', 0, false],
      ['Otro', 1, true],
    ]);
    const other = (await optionsOf(q))[1]!;
    expectMessage(
      await d.api.delete(`multipleoptions/${other.id}`),
      400,
      'La opción "Otro" se agrega y se quita con la opción extra de la pregunta.',
    );
    expectMessage(
      await d.api.post(`multipleoptions/${other.id}/move`, { direction: 'up' }),
      400,
      'La opción "Otro" siempre va al final.',
    );
    expectSuccess(
      await d.api.put(
        `questions/${q}`,
        questionBody(segmentId, { type, hasOther: false, multipleOptionsCount: count }),
      ),
      'updateQuestion',
    );
    expect((await optionsOf(q)).map((o) => o.description)).toEqual(['Primera']);
  });

  it.each([0, 1, 2, 3, 4, 10, 12])('type %i saves hasOther false and has no Otro', async (type) => {
    const q = await d.question(segmentId, { type, hasOther: true });
    expect(expectSuccess(await d.api.get(`questions/${q}`), 'getQuestion').hasOther).toBe(false);
    expect((await optionsOf(q)).some((o) => o.isOther)).toBe(false);
  });

  it("a type change that does not allow it resets hasOther and removes 'Otro'", async () => {
    const q = await d.question(segmentId, { type: 5, hasOther: true });
    await d.option(q, { description: 'Uno' });
    await d.option(q, { description: 'Dos' });
    const saved = expectSuccess(
      await d.api.put(`questions/${q}`, questionBody(segmentId, { type: 12, hasOther: true })),
      'updateQuestion',
    );
    expect(saved).toMatchObject({ hasOther: false, typeDescription: 'Rating' });
    expect((await optionsOf(q)).map((o) => [o.description, o.order])).toEqual([
      ['Uno', 0],
      ['Dos', 1],
    ]);
  });

  it('a change to Si/No replaces the options; to a type without options removes them', async () => {
    const q = await d.question(segmentId, { type: 6 });
    await d.option(q, { description: 'Uno' });
    await d.api.put(`questions/${q}`, questionBody(segmentId, { type: 4 }));
    expect((await optionsOf(q)).map((o) => o.description)).toEqual(['Sí', 'No']);
    await d.api.put(`questions/${q}`, questionBody(segmentId, { type: 5 }));
    expect((await optionsOf(q)).map((o) => o.description)).toEqual(['Sí', 'No']);
    await d.api.put(`questions/${q}`, questionBody(segmentId, { type: 1 }));
    expect(await optionsOf(q)).toEqual([]);
    expectMessage(
      await d.api.post('multipleoptions', { questionId: q, description: 'Uno', points: 0 }),
      400,
      'Las preguntas de tipo Entero no tienen opciones.',
    );
  });

  it.each([7, 8, 9])('type %i requires multipleOptionsCount of at least 1', async (type) => {
    expectMessage(
      await d.api.post('questions', questionBody(segmentId, { type })),
      400,
      'El número de opciones es obligatorio y debe ser al menos 1',
    );
    expectFailure(
      await d.api.post('questions', questionBody(segmentId, { type, multipleOptionsCount: 0 })),
      'createQuestion',
      400,
    );
    const q = await d.question(segmentId, { type, multipleOptionsCount: 2 });
    expect(
      expectSuccess(await d.api.get(`questions/${q}`), 'getQuestion').multipleOptionsCount,
    ).toBe(2);
  });

  it('other types save multipleOptionsCount as null', async () => {
    const q = await d.question(segmentId, { type: 5, multipleOptionsCount: 3 });
    expect(
      expectSuccess(await d.api.get(`questions/${q}`), 'getQuestion').multipleOptionsCount,
    ).toBeNull();
  });

  it('Ranking option points are locked at 0, and a change to Ranking zeroes them', async () => {
    const q = await d.question(segmentId, { type: 5 });
    await d.option(q, { description: 'Uno', points: 3 });
    await d.api.put(`questions/${q}`, questionBody(segmentId, { type: 11 }));
    expect((await optionsOf(q)).map((o) => o.points)).toEqual([0]);
    expectMessage(
      await d.api.post('multipleoptions', { questionId: q, description: 'Dos', points: 2 }),
      400,
      'Las opciones de una pregunta Ranking valen 0 puntos.',
    );
  });

  it('answers the description rules of questions and options in Spanish', async () => {
    expectMessage(
      await d.api.post('questions', questionBody(segmentId, { description: '  ' })),
      400,
      'La descripción es obligatoria',
    );
    expectMessage(
      await d.api.post('questions', questionBody(segmentId, { description: 'ab' })),
      400,
      'La descripción debe tener al menos 3 caracteres',
    );
    const q = await d.question(segmentId, { type: 5 });
    expectMessage(
      await d.api.post('multipleoptions', { questionId: q, description: 'a', points: 0 }),
      400,
      'La descripción debe tener al menos 2 caracteres',
    );
    expectMessage(
      await d.api.post('questions', questionBody(999_999)),
      400,
      'El segmento no existe.',
    );
  });
});

describe('questions and options lists', () => {
  it('filter by campaign, survey, segment and question', async () => {
    const s = await d.survey();
    const g1 = await d.segment(s, { name: 'Uno' });
    const g2 = await d.segment(s, { name: 'Dos' });
    const q1 = await d.question(g1, { type: 5, description: 'Marca preferida' });
    await d.question(g2, { description: 'Comentarios' });
    await d.option(q1, { description: 'Roja' });
    await d.option(q1, { description: 'Azul' });
    const bySegment = expectSuccess(
      await d.api.get(`questions/paged?campaignId=${d.campaignId}&surveyId=${s}&segmentId=${g1}`),
      'listQuestions',
    );
    expect(
      bySegment.rows.map((row) => [row.description, row.segmentName, row.typeDescription]),
    ).toEqual([['Marca preferida', 'Uno', 'Opción Única']]);
    const bySurvey = expectSuccess(
      await d.api.get(`questions/paged?surveyId=${s}`),
      'listQuestions',
    );
    expect(bySurvey.totalCount).toBe(2);
    const opts = expectSuccess(
      await d.api.get(
        `multipleoptions/paged?surveyId=${s}&segmentId=${g1}&questionId=${q1}&Sort=-order`,
      ),
      'listMultipleOptions',
    );
    expect(opts.rows.map((row) => [row.description, row.order, row.questionDescription])).toEqual([
      ['Azul', 1, 'Marca preferida'],
      ['Roja', 0, 'Marca preferida'],
    ]);
    const dropdown = expectSuccess(
      await d.api.get(`multipleoptions/options?questionId=${q1}`),
      'listMultipleOptionOptions',
    );
    expect(dropdown.map((o) => o.name)).toEqual(['Azul', 'Roja']);
    const questionDropdown = expectSuccess(
      await d.api.get(`questions/options?segmentId=${g2}`),
      'listQuestionOptions',
    );
    expect(questionDropdown.map((o) => o.name)).toEqual(['Comentarios']);
  });
});

describe('skip logic', () => {
  it('stores forward rules, refuses backward, own and ancestor ones, keeps them on update', async () => {
    const s = await d.survey();
    const g1 = await d.segment(s, { name: 'Uno' });
    const before = await d.question(g1, { description: 'Antes' });
    const q = await d.question(g1, { type: 4, description: '¿Hay exhibidor?' });
    const g2 = await d.segment(s, { name: 'Dos' });
    const after = await d.question(g2, { description: 'Después' });
    const [yes] = await optionsOf(q);
    const put = (fields: Record<string, unknown>) =>
      d.api.put(`multipleoptions/${yes!.id}`, {
        questionId: q,
        description: 'Sí',
        points: 0,
        ...fields,
      });

    const saved = expectSuccess(
      await put({ blurredSegmentIds: [g2], blurredQuestionIds: [after] }),
      'updateMultipleOption',
    );
    expect(saved).toMatchObject({ blurredSegmentIds: [g2], blurredQuestionIds: [after] });
    expectMessage(
      await put({ blurredQuestionIds: [before] }),
      400,
      'Solo se pueden ocultar segmentos y preguntas posteriores a la pregunta.',
    );
    expectMessage(
      await put({ blurredQuestionIds: [q] }),
      400,
      'Una opción no puede ocultar su propia pregunta.',
    );
    expectMessage(
      await put({ blurredSegmentIds: [g1] }),
      400,
      'Una opción no puede ocultar un segmento que contiene a su pregunta.',
    );
    const foreign = await d.segment(await d.survey());
    expectMessage(
      await put({ blurredSegmentIds: [foreign] }),
      400,
      `El segmento ${foreign} no pertenece al cuestionario.`,
    );
    // Omitted lists keep the rules.
    const kept = expectSuccess(await put({ points: 1 }), 'updateMultipleOption');
    expect(kept).toMatchObject({ blurredSegmentIds: [g2], blurredQuestionIds: [after] });
    const tree = await d.tree(s);
    const option = tree.segments[0]!.questions[1]!.multipleOptions[0]!;
    expect(option).toMatchObject({ blurredSegmentIds: [g2], blurredQuestionIds: [after] });
  });

  it('refuses a move that would make a rule point backwards, and changes nothing', async () => {
    const s = await d.survey();
    const g1 = await d.segment(s, { name: 'Uno' });
    const q = await d.question(g1, { type: 4, description: '¿Hay exhibidor?' });
    const g2 = await d.segment(s, { name: 'Dos' });
    await d.question(g2);
    const [yes] = await optionsOf(q);
    await d.api.put(`multipleoptions/${yes!.id}`, {
      questionId: q,
      description: 'Sí',
      points: 0,
      blurredSegmentIds: [g2],
    });
    const refused = expectFailure(
      await d.api.post(`segments/${g2}/move`, { direction: 'up' }),
      'moveSegment',
      409,
    );
    expect(refused.errorMessage).toBe(
      'No se puede mover: la opción "Sí" de la pregunta "¿Hay exhibidor?" oculta un elemento que quedaría antes de su pregunta o la contendría. Quita esa regla de salto primero.',
    );
    expect((await d.tree(s)).segments.map((segment) => segment.id)).toEqual([g1, g2]);
  });

  it('deleting a hidden item removes the rule (nothing dangles)', async () => {
    const s = await d.survey();
    const g1 = await d.segment(s);
    const q = await d.question(g1, { type: 4 });
    const target = await d.question(g1);
    const [yes] = await optionsOf(q);
    await d.api.put(`multipleoptions/${yes!.id}`, {
      questionId: q,
      description: 'Sí',
      points: 0,
      blurredQuestionIds: [target],
    });
    expectSuccess(await d.api.delete(`questions/${target}`), 'deleteQuestion');
    const rows = await t.db
      .select()
      .from(multipleOptionHiddenQuestions)
      .where(eq(multipleOptionHiddenQuestions.optionId, yes!.id));
    expect(rows).toEqual([]);
  });
});

describe('the tree', () => {
  it('answers validity per survey, segment and question (GET surveys/{id} and questions/{id}/survey)', async () => {
    const s = await d.survey({ points: 10 });
    const g = await d.segment(s, { name: 'Anaquel', points: 5 });
    const q = await d.question(g, { type: 5, description: 'Marca', points: 5 });
    await d.option(q, { description: 'Roja' });
    const tree = await d.tree(s);
    expect(tree.isValid).toBe(false);
    expect(tree.errors).toEqual([
      'Los puntos del cuestionario (10) no coinciden con la suma de sus segmentos (5).',
      'Pregunta "Marca": La pregunta debe tener al menos dos opciones.',
    ]);
    expect(tree.segments[0]).toMatchObject({ isValid: true, errors: [] });
    expect(tree.segments[0]!.questions[0]).toMatchObject({
      isValid: false,
      errors: ['La pregunta debe tener al menos dos opciones.'],
    });
    await d.option(q, { description: 'Azul' });
    await d.api.put(`surveys/${s}`, {
      campaignId: d.campaignId,
      type: 1,
      name: 'Cuestionario',
      points: 5,
      isActive: true,
    });
    const fixed = expectSuccess(await d.api.get(`questions/${q}/survey`), 'getQuestionSurvey');
    expect(fixed).toMatchObject({ id: s, isValid: true, errors: [] });
  });
});

describe('duplicate', () => {
  it('copies the tree to another campaign with the skip logic remapped', async () => {
    const s = await d.survey({ type: 2, points: 3 });
    const g1 = await d.segment(s, { name: 'Uno', points: 3 });
    const q = await d.question(g1, { type: 4, description: 'Filtro', points: 1 });
    const sub = await d.segment(s, { name: 'Sub', parentId: g1, points: 2 });
    const target = await d.question(sub, {
      type: 5,
      description: 'Marca',
      points: 2,
      hasOther: true,
    });
    await d.option(target, { description: 'Roja', points: 2 });
    const [yes, no] = await optionsOf(q);
    await d.api.put(`multipleoptions/${yes!.id}`, {
      questionId: q,
      description: 'Sí',
      points: 1,
      blurredSegmentIds: [sub],
    });
    await d.api.put(`multipleoptions/${no!.id}`, {
      questionId: q,
      description: 'No',
      points: 0,
      blurredQuestionIds: [target],
    });
    const otherCampaign = await newCampaign(t.db, 'Navidad 2026');
    const copy = created(
      await d.api.post(`surveys/${s}/duplicate`, { campaignId: otherCampaign, name: 'Copia' }),
      'duplicateSurvey',
    );
    expect(copy).toMatchObject({ campaignId: otherCampaign, name: 'Copia', type: 2, points: 3 });
    const original = await d.tree(s);
    const duplicate = await d.tree(copy.id);
    // Same shape and texts, all ids new.
    const strip = (tree: typeof original) =>
      JSON.parse(
        JSON.stringify(tree.segments, (key, value: unknown) =>
          [
            'id',
            'surveyId',
            'parentId',
            'segmentId',
            'questionId',
            'blurredSegmentIds',
            'blurredQuestionIds',
          ].includes(key)
            ? undefined
            : value,
        ),
      ) as unknown;
    expect(strip(duplicate)).toEqual(strip(original));
    const copyQuestion = duplicate.segments[0]!.questions[0]!;
    const copySub = duplicate.segments[0]!.children[0]!;
    const copyTarget = copySub.questions[0]!;
    expect(copySub.id).not.toBe(sub);
    expect(copyQuestion.multipleOptions[0]!.blurredSegmentIds).toEqual([copySub.id]);
    expect(copyQuestion.multipleOptions[1]!.blurredQuestionIds).toEqual([copyTarget.id]);
    expect(copySub.parentId).toBe(duplicate.segments[0]!.id);
    expect(duplicate.errors).toEqual(original.errors);
    // The original keeps its own rules.
    const rows = await t.db
      .select()
      .from(multipleOptionHiddenSegments)
      .where(eq(multipleOptionHiddenSegments.optionId, yes!.id));
    expect(rows).toEqual([{ optionId: yes!.id, segmentId: sub }]);
  });

  it('refuses a short name and an unknown campaign; 404 for an unknown survey', async () => {
    const s = await d.survey();
    expectMessage(
      await d.api.post(`surveys/${s}/duplicate`, { campaignId: d.campaignId, name: 'ab' }),
      400,
      'El nombre debe tener al menos 3 caracteres',
    );
    expectMessage(
      await d.api.post(`surveys/${s}/duplicate`, { campaignId: 9999, name: 'Copia' }),
      400,
      'La campaña no existe.',
    );
    expectFailure(
      await d.api.post('surveys/99999/duplicate', { campaignId: d.campaignId, name: 'Copia' }),
      'duplicateSurvey',
      404,
    );
  });
});

describe('in use (answered surveys)', () => {
  it('refuses every content change with 409, keeps name, description and isActive editable, duplicates', async () => {
    const s = await d.survey({ points: 1 });
    const g = await d.segment(s, { points: 1 });
    const q = await d.question(g, { type: 4, points: 1 });
    const second = await d.segment(s);
    const [yes] = await optionsOf(q);
    await t.db.update(surveys).set({ firstAnswerAt: new Date() }).where(eq(surveys.id, s));

    const refused = [
      await d.api.post('segments', { surveyId: s, name: 'Nuevo', points: 0 }),
      await d.api.put(`segments/${g}`, { surveyId: s, name: 'Cambiado', points: 1 }),
      await d.api.delete(`segments/${second}`),
      await d.api.post(`segments/${second}/move`, { direction: 'up' }),
      await d.api.post('questions', questionBody(g)),
      await d.api.put(`questions/${q}`, questionBody(g, { type: 4, points: 1 })),
      await d.api.post(`questions/${q}/move`, { direction: 'down' }),
      await d.api.delete(`questions/${q}`),
      await d.api.put(`multipleoptions/${yes!.id}`, {
        questionId: q,
        description: 'Sí',
        points: 1,
      }),
      await d.api.post(`multipleoptions/${yes!.id}/move`, { direction: 'down' }),
      await d.api.delete(`surveys/${s}`),
      await d.api.put(`surveys/${s}`, {
        campaignId: d.campaignId,
        type: 1,
        name: 'Cuestionario',
        points: 2,
        isActive: true,
      }),
    ];
    for (const response of refused) expectMessage(response, 409, IN_USE);

    const renamed = expectSuccess(
      await d.api.put(`surveys/${s}`, {
        campaignId: d.campaignId,
        type: 1,
        name: 'Nuevo nombre',
        description: 'Otra descripción',
        points: 1,
        isActive: false,
      }),
      'updateSurvey',
    );
    expect(renamed).toMatchObject({ name: 'Nuevo nombre', isActive: false });
    expect(renamed.firstAnswerAt).not.toBeNull();

    const copy = created(
      await d.api.post(`surveys/${s}/duplicate`, { campaignId: d.campaignId, name: 'Versión 2' }),
      'duplicateSurvey',
    );
    expect(copy.firstAnswerAt).toBeNull();
    const copyTree = await d.tree(copy.id);
    created(
      await d.api.post('segments', { surveyId: copy.id, name: 'Nuevo', points: 0 }),
      'createSegment',
    );
    expect(copyTree.segments.length).toBe(2);
    const stillThere = await t.db
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.surveyId, s)));
    expect(stillThere.length).toBe(2);
    const stillQuestion = await t.db.select().from(questions).where(eq(questions.id, q));
    expect(stillQuestion.length).toBe(1);
  });
});
