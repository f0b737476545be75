import { describe, expect, it } from 'vitest';
import { syncDataFixture, visitFixture } from '../testing';
import type { StoredAnswer } from '../store/db';
import { surveyState, toPreviewAnswer, toStoredAnswer, withAnswer } from './answers';
import { storeSurveyFixture } from './testing';
import { checkOut, openSurvey, withSurveyAnswers } from './visit-rules';
import { visitSurveys } from './visit-surveys';

const survey = storeSurveyFixture();
const questionOf = (id: number) =>
  survey.segments.flatMap((s) => s.questions).find((q) => q.id === id)!;

describe('the runner on the survey engine', () => {
  it('hides the segment a chosen option names, live', () => {
    const before = surveyState(survey, []);
    expect(before.hiddenSegments.has(3)).toBe(false);
    const yes: StoredAnswer[] = [{ questionId: 41, options: [{ optionId: 411 }] }];
    const after = surveyState(survey, yes);
    expect(after.hiddenSegments.has(3)).toBe(true);
    expect(after.hiddenQuestions.has(45)).toBe(true);
    // A hidden required question is no longer asked for.
    expect(after.errors.has(45)).toBe(false);
  });

  it("says what is missing and refused with the sync's Spanish messages", () => {
    const state = surveyState(survey, [
      { questionId: 41, options: [{ optionId: 412 }] },
      { questionId: 43, options: [{ optionId: 433 }] },
    ]);
    expect(state.errors.get(42)).toEqual(['La pregunta "Nombre del encargado" es obligatoria.']);
    expect(state.errors.get(43)).toEqual(['La pregunta requiere al menos una foto.']);
    expect(state.errors.get(45)).toEqual([
      'La pregunta "¿Por qué no hay exhibidor?" es obligatoria.',
    ]);
  });

  it('scores the acceptable answers of shown questions, as the server will', () => {
    const state = surveyState(survey, [
      { questionId: 41, options: [{ optionId: 411 }] },
      { questionId: 42, textValue: 'Rosa' },
      { questionId: 43, options: [{ optionId: 433 }], photoKeys: ['p1'] },
      { questionId: 44, isNa: true },
    ]);
    expect(state.errors.size).toBe(0);
    // 2 + 1 + 3 earned; 'No aplica' and the hidden segment count nowhere.
    expect(state.points).toBe(6);
    expect(state.maxPoints).toBe(6);
  });

  it('stores what an input holds and reads it back', () => {
    const rating = questionOf(43);
    const stored = toStoredAnswer(rating, { selected: [432] }, ['p1']);
    expect(stored).toEqual({ questionId: 43, options: [{ optionId: 432 }], photoKeys: ['p1'] });
    expect(toPreviewAnswer(rating, stored!)).toEqual({ selected: [432] });
    const count = questionOf(44);
    expect(toStoredAnswer(count, { number: 7 }, [])).toEqual({ questionId: 44, intValue: 7 });
    expect(toStoredAnswer(count, { na: true, number: 7 }, [])).toEqual({
      questionId: 44,
      isNa: true,
    });
    expect(toStoredAnswer(count, { number: null }, [])).toBeNull();
    expect(withAnswer([{ questionId: 44, intValue: 7 }], 44, null)).toEqual([]);
  });
});

describe('the visit', () => {
  it("asks for the campaign's surveys, product surveys once per product the shop carries", () => {
    const data = syncDataFixture();
    const product = { ...storeSurveyFixture(), id: 6, type: 2 as const, name: 'Producto' };
    data.surveys = [storeSurveyFixture(), product];
    data.campaigns[0] = { ...data.campaigns[0]!, surveyIds: [5, 6], productIds: [8, 9] };
    data.pointsOfSale[1] = { ...data.pointsOfSale[1]!, productIds: [9, 10] };
    data.products = [8, 9, 10].map((id) => ({
      id,
      sku: `SKU-${id}`,
      name: `Néctar ${id}`,
      brandName: 'Anaquel',
      imageUrl: null,
    }));
    expect(visitSurveys(data, visitFixture()).map((s) => s.key)).toEqual(['5:', '6:9']);
  });

  it('checks out pending with its position, keeping only the answers the skip logic shows', () => {
    const [target] = visitSurveys(
      {
        ...syncDataFixture(),
        surveys: [survey],
        campaigns: [{ ...syncDataFixture().campaigns[0]!, surveyIds: [5] }],
      },
      visitFixture(),
    );
    const now = new Date('2026-11-26T17:30:00.000Z');
    let visit = openSurvey(visitFixture({ state: 'draft', endDate: null }), target!, now);
    visit = withSurveyAnswers(visit, '5:', [
      { questionId: 45, textValue: 'No cabe' },
      { questionId: 41, options: [{ optionId: 411 }] },
    ]);
    const done = checkOut(
      visit,
      [target!],
      { status: 'known', position: { latitude: 19.43, longitude: -99.14 }, accuracy: 9 },
      now,
    );
    expect(done.state).toBe('pending');
    expect(done.endDate).toBe(now.toISOString());
    expect([done.checkOutLatitude, done.checkOutLongitude, done.checkOutAccuracy]).toEqual([
      19.43, -99.14, 9,
    ]);
    expect(done.surveys[0]!.answers).toEqual([{ questionId: 41, options: [{ optionId: 411 }] }]);
    expect(done.surveys[0]!.endDate).toBe(now.toISOString());
  });
});
