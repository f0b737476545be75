import { describe, expect, it } from 'vitest';
import { buildTree, type SurveyContent, type SurveyTree } from '../../src/surveys/tree-model.ts';
import { computeValidity, formatPoints } from '../../src/surveys/validity.ts';

// One fixture per validity rule of docs/surveys.md "Validity", each asserting the exact Spanish
// error on the item and, prefixed, in the survey's list. The trees are built in memory (the rules
// are pure); designer.test.ts checks the same answers through GET surveys/{id}.

class Fixture {
  private next = 1;
  private orders = new Map<string, number>();
  readonly content: SurveyContent = {
    survey: {
      id: 1,
      campaignId: 1,
      campaignName: 'Campaña',
      type: 1,
      name: 'Cuestionario',
      description: null,
      points: 0,
      isActive: true,
      firstAnswerAt: null,
    },
    segments: [],
    questions: [],
    options: [],
    hidden: [],
  };

  private order(container: string): number {
    const order = this.orders.get(container) ?? 0;
    this.orders.set(container, order + 1);
    return order;
  }

  points(points: number): this {
    this.content.survey.points = points;
    return this;
  }

  segment(name: string, points = 0, parentId: number | null = null): number {
    const id = this.next++;
    this.content.segments.push({
      id,
      surveyId: 1,
      parentId,
      name,
      description: null,
      order: this.order(parentId === null ? 'root' : `s${parentId}`),
      points,
    });
    return id;
  }

  question(
    segmentId: number,
    description: string,
    fields: Partial<SurveyContent['questions'][number]> = {},
  ): number {
    const id = this.next++;
    this.content.questions.push({
      id,
      segmentId,
      type: 0,
      order: this.order(`s${segmentId}`),
      description,
      acceptsNA: false,
      isOptional: false,
      hasPhoto: false,
      hasOther: false,
      multipleOptionsCount: null,
      points: 0,
      ...fields,
    });
    return id;
  }

  option(questionId: number, description: string, points = 0): number {
    const id = this.next++;
    this.content.options.push({
      id,
      questionId,
      order: this.order(`q${questionId}`),
      description,
      points,
      isOther: false,
    });
    return id;
  }

  hides(optionId: number, kind: 's' | 'q', targetId: number): this {
    this.content.hidden.push({ optionId, kind, targetId });
    return this;
  }

  tree(): SurveyTree {
    return buildTree(this.content);
  }
}

/** A valid single-choice question worth `points` with two options in `segmentId`. */
function choice(f: Fixture, segmentId: number, description: string, points = 0) {
  const id = f.question(segmentId, description, { type: 5, points });
  return { id, a: f.option(id, 'A'), b: f.option(id, 'B') };
}

describe('a valid survey', () => {
  it('has no error anywhere', () => {
    const f = new Fixture().points(10);
    const top = f.segment('Anaquel', 10);
    const q = choice(f, top, '¿Está al frente?', 4);
    const inner = f.segment('Precio', 6, top);
    f.question(inner, '¿Cuál es el precio?', { type: 2, points: 6 });
    f.hides(q.b, 's', inner);
    const validity = computeValidity(f.tree());
    expect(validity.survey).toEqual([]);
    expect([...validity.segments.values()].flat()).toEqual([]);
    expect([...validity.questions.values()].flat()).toEqual([]);
  });
});

describe('survey rules', () => {
  it('1: an empty survey', () => {
    const validity = computeValidity(new Fixture().tree());
    expect(validity.survey).toEqual(['El cuestionario no tiene segmentos.']);
  });

  it('2: survey points against its top-level segments', () => {
    const f = new Fixture().points(10);
    const a = f.segment('A', 5);
    f.question(a, 'Pregunta uno', { points: 5 });
    const b = f.segment('B', 3.5);
    f.question(b, 'Pregunta dos', { points: 3.5 });
    expect(computeValidity(f.tree()).survey).toEqual([
      'Los puntos del cuestionario (10) no coinciden con la suma de sus segmentos (8.5).',
    ]);
  });

  it('formats points as the screens do (es-MX, at most 2 decimals)', () => {
    expect(formatPoints(1234.5)).toBe('1,234.5');
    expect(formatPoints(0.1 + 0.2)).toBe('0.3');
  });
});

describe('segment rules', () => {
  it('3: an empty segment', () => {
    const f = new Fixture();
    const s = f.segment('Vacío');
    const validity = computeValidity(f.tree());
    expect(validity.segments.get(s)).toEqual(['El segmento no tiene preguntas ni subsegmentos.']);
    expect(validity.survey).toContain(
      'Segmento "Vacío": El segmento no tiene preguntas ni subsegmentos.',
    );
  });

  it('4: segment points against its questions and sub-segments', () => {
    const f = new Fixture().points(10);
    const s = f.segment('Anaquel', 10);
    f.question(s, 'Pregunta uno', { points: 4 });
    const inner = f.segment('Interior', 3.5, s);
    f.question(inner, 'Pregunta dos', { points: 3.5 });
    const validity = computeValidity(f.tree());
    const message =
      'Los puntos del segmento (10) no coinciden con la suma de sus preguntas y subsegmentos (7.5).';
    expect(validity.segments.get(s)).toEqual([message]);
    expect(validity.segments.get(inner)).toEqual([]);
    expect(validity.survey).toEqual([`Segmento "Anaquel": ${message}`]);
  });
});

describe('question rules', () => {
  it.each([4, 5, 6, 7, 8, 9, 11, 12])('5: type %i with fewer than two options', (type) => {
    const f = new Fixture();
    const s = f.segment('S');
    const q = f.question(s, 'Elige', {
      type,
      multipleOptionsCount: type >= 7 && type <= 9 ? 1 : null,
    });
    f.option(q, 'Única');
    const validity = computeValidity(f.tree());
    expect(validity.questions.get(q)).toEqual(['La pregunta debe tener al menos dos opciones.']);
    expect(validity.survey).toContain(
      'Pregunta "Elige": La pregunta debe tener al menos dos opciones.',
    );
  });

  it('6: a Likert matrix without statements', () => {
    const f = new Fixture();
    const q = f.question(f.segment('S'), 'Opina', { type: 10 });
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([
      'La matriz de Likert debe tener al menos una afirmación.',
    ]);
  });

  it('7: a count type without its count', () => {
    const f = new Fixture();
    const q = f.question(f.segment('S'), 'Elige hasta', { type: 7 });
    f.option(q, 'A');
    f.option(q, 'B');
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([
      'Falta el número de opciones de la pregunta.',
    ]);
  });

  it.each([7, 8, 9])('8: type %i whose count exceeds its options', (type) => {
    const f = new Fixture();
    const q = f.question(f.segment('S'), 'Elige', { type, multipleOptionsCount: 3 });
    f.option(q, 'A');
    f.option(q, 'B');
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([
      'El número de opciones (3) excede las opciones disponibles (2).',
    ]);
  });

  it('9: an option worth more than its question', () => {
    const f = new Fixture();
    const q = f.question(f.segment('S'), 'Elige', { type: 5, points: 5 });
    f.option(q, 'Básico', 5);
    f.option(q, 'Premium', 6);
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([
      'La opción "Premium" vale más puntos (6) que la pregunta (5).',
    ]);
  });
});

describe('skip-logic rules', () => {
  it('10: options of a type that answers every option (Ranking, Likert) hide nothing', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const q = f.question(s, 'Ordena', { type: 11 });
    const a = f.option(q, 'A');
    f.option(q, 'B');
    const later = f.question(s, 'Después');
    f.hides(a, 'q', later);
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([
      'Las opciones de una pregunta de tipo Ranking no pueden ocultar elementos.',
    ]);
  });

  it('11: an option hiding its own question', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const q = choice(f, s, '¿Hay exhibidor?');
    f.question(s, 'Otra');
    f.hides(q.b, 'q', q.id);
    expect(computeValidity(f.tree()).questions.get(q.id)).toEqual([
      'La opción "B" oculta su propia pregunta.',
    ]);
  });

  it('12: an option hiding a segment that contains its question', () => {
    const f = new Fixture();
    const outer = f.segment('Anaquel');
    const inner = f.segment('Interior', 0, outer);
    const q = choice(f, inner, '¿Hay exhibidor?');
    f.hides(q.b, 's', outer);
    expect(computeValidity(f.tree()).questions.get(q.id)).toEqual([
      'La opción "B" oculta el segmento "Anaquel", que contiene a la pregunta.',
    ]);
  });

  it('13: an option hiding an item before its question (question or segment)', () => {
    const f = new Fixture();
    const first = f.segment('Primero');
    const earlier = f.question(first, '¿Hay precio?');
    const second = f.segment('Segundo');
    const q = choice(f, second, '¿Hay exhibidor?');
    f.hides(q.a, 'q', earlier).hides(q.b, 's', first);
    expect(computeValidity(f.tree()).questions.get(q.id)).toEqual([
      'La opción "A" oculta la pregunta "¿Hay precio?", que está antes de la pregunta.',
      'La opción "B" oculta el segmento "Primero", que está antes de la pregunta.',
    ]);
  });

  it('14: a cycle between questions (through a segment too)', () => {
    const f = new Fixture();
    const s1 = f.segment('Uno');
    const q1 = choice(f, s1, 'Alfa');
    const s2 = f.segment('Dos');
    const q2 = choice(f, s2, 'Beta');
    f.hides(q1.a, 's', s2); // Alfa hides Beta's segment
    f.hides(q2.a, 'q', q1.id); // Beta hides Alfa (backwards too)
    const validity = computeValidity(f.tree());
    const cycle = 'La lógica de salto forma un ciclo: "Alfa" → "Beta" → "Alfa".';
    expect(validity.questions.get(q1.id)).toContain(cycle);
    expect(validity.questions.get(q2.id)).toContain(cycle);
    expect(validity.questions.get(q2.id)).toContain(
      'La opción "A" oculta la pregunta "Alfa", que está antes de la pregunta.',
    );
  });

  it('15: a segment every answer of a mandatory, always shown question hides', () => {
    const f = new Fixture();
    const s1 = f.segment('Uno');
    const q = choice(f, s1, '¿Hay exhibidor?');
    const s2 = f.segment('Dos');
    const inside = f.question(s2, 'Dentro');
    f.hides(q.a, 's', s2).hides(q.b, 's', s2);
    const validity = computeValidity(f.tree());
    expect(validity.segments.get(s2)).toEqual([
      'El segmento nunca se muestra: todas las respuestas posibles de la pregunta "¿Hay exhibidor?" lo ocultan.',
    ]);
    // Only the outermost unreachable item is reported.
    expect(validity.questions.get(inside)).toEqual([]);
  });

  it('15: a question hidden by every answer, one option through its segment', () => {
    const f = new Fixture();
    const s1 = f.segment('Uno');
    const q = choice(f, s1, '¿Hay exhibidor?');
    const s2 = f.segment('Dos');
    const target = f.question(s2, 'Dentro');
    f.question(s2, 'Otra');
    f.hides(q.a, 'q', target).hides(q.b, 's', s2);
    const validity = computeValidity(f.tree());
    expect(validity.questions.get(target)).toEqual([
      'La pregunta nunca se muestra: todas las respuestas posibles de la pregunta "¿Hay exhibidor?" la ocultan.',
    ]);
    expect(validity.survey).toContain(
      'Pregunta "Dentro": La pregunta nunca se muestra: todas las respuestas posibles de la pregunta "¿Hay exhibidor?" la ocultan.',
    );
  });

  it('15: not reported when the hiding question may be skipped (optional, NA or itself hidden)', () => {
    for (const variant of ['optional', 'na', 'hidden'] as const) {
      const f = new Fixture();
      const s1 = f.segment('Uno');
      const gate = choice(f, s1, 'Puerta');
      const q = f.question(s1, 'Filtro', {
        type: 4,
        isOptional: variant === 'optional',
        acceptsNA: variant === 'na',
      });
      const yes = f.option(q, 'Sí');
      const no = f.option(q, 'No');
      const s2 = f.segment('Dos');
      f.question(s2, 'Dentro');
      f.hides(yes, 's', s2).hides(no, 's', s2);
      if (variant === 'hidden') f.hides(gate.a, 'q', q);
      const validity = computeValidity(f.tree());
      expect(validity.segments.get(s2), variant).toEqual([]);
    }
  });
});

/* ---------- edges: exact boundaries, odd shapes, what must not be reported ---------- */

describe('edges of the rules', () => {
  it('formats points with at most 2 decimals, rounded', () => {
    expect(formatPoints(1.234)).toBe('1.23');
    expect(formatPoints(1234.567)).toBe('1,234.57');
  });

  it('3: a segment holding only sub-segments is not empty', () => {
    const f = new Fixture().points(5);
    const top = f.segment('Padre', 5);
    const inner = f.segment('Hijo', 5, top);
    f.question(inner, 'Pregunta', { type: 2, points: 5 });
    const validity = computeValidity(f.tree());
    expect(validity.segments.get(top)).toEqual([]);
    expect(validity.survey).toEqual([]);
  });

  it('6: a Likert matrix with exactly one statement is valid', () => {
    const f = new Fixture();
    const q = f.question(f.segment('S'), 'Opina', { type: 10 });
    f.option(q, 'El anaquel está limpio');
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([]);
  });

  it('9: judged only on types with options (a stray option row of a Texto is not)', () => {
    const f = new Fixture();
    const q = f.question(f.segment('S'), 'Comentario', { type: 0, points: 1 });
    f.option(q, 'Sobrante', 6);
    expect(computeValidity(f.tree()).questions.get(q)).toEqual([]);
  });

  it('13: hiding a later question or segment is fine', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const q = choice(f, s, '¿Hay exhibidor?');
    const later = f.question(s, 'Después');
    const next = f.segment('Siguiente');
    f.question(next, 'Dentro');
    f.hides(q.a, 'q', later).hides(q.b, 's', next);
    expect(computeValidity(f.tree()).questions.get(q.id)).toEqual([]);
  });

  it('13: an option hiding an item that is not in the survey names it by its id, without failing', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const q = choice(f, s, 'Primera');
    f.question(s, 'Otra');
    // Every option hides the same missing question and segment: rule 15 has nothing to report.
    f.hides(q.a, 'q', 999).hides(q.a, 's', 998).hides(q.b, 'q', 999).hides(q.b, 's', 998);
    const validity = computeValidity(f.tree());
    const expected = (option: string) => [
      `La opción "${option}" oculta la pregunta "999", que está antes de la pregunta.`,
      `La opción "${option}" oculta el segmento "998", que está antes de la pregunta.`,
    ];
    expect(validity.questions.get(q.id)).toEqual([...expected('A'), ...expected('B')]);
    expect([...validity.segments.values()].flat()).toEqual([]);
  });

  it('14: a question in two cycles of the same wording gets the message once', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const alfa = choice(f, s, 'Alfa');
    const beta1 = choice(f, s, 'Beta');
    const beta2 = choice(f, s, 'Beta');
    f.hides(alfa.a, 'q', beta1.id).hides(alfa.b, 'q', beta2.id);
    f.hides(beta1.a, 'q', alfa.id).hides(beta2.a, 'q', alfa.id);
    expect(computeValidity(f.tree()).questions.get(alfa.id)).toEqual([
      'La lógica de salto forma un ciclo: "Alfa" → "Beta" → "Alfa".',
    ]);
  });

  it('14: every question on a cycle gets one, also where the search met it finished', () => {
    // Alfa hides Beta and Gama, Beta hides Alfa, Gama hides Beta: the depth-first search closes
    // Alfa → Beta → Alfa and reaches Beta again from Gama only once Beta is done.
    const f = new Fixture();
    const s = f.segment('S');
    const alfa = choice(f, s, 'Alfa');
    const beta = choice(f, s, 'Beta');
    const gama = choice(f, s, 'Gama');
    const delta = choice(f, s, 'Delta');
    f.hides(alfa.a, 'q', beta.id).hides(alfa.b, 'q', gama.id);
    f.hides(beta.a, 'q', alfa.id).hides(gama.a, 'q', beta.id);
    f.hides(delta.a, 'q', alfa.id); // hides into the cycle, is on none
    const validity = computeValidity(f.tree());
    const short = 'La lógica de salto forma un ciclo: "Alfa" → "Beta" → "Alfa".';
    const long = 'La lógica de salto forma un ciclo: "Alfa" → "Gama" → "Beta" → "Alfa".';
    const cycles = (id: number) =>
      validity.questions.get(id)!.filter((error) => error.includes('ciclo'));
    expect(cycles(alfa.id)).toEqual([short, long]);
    expect(cycles(beta.id)).toEqual([short, long]);
    expect(cycles(gama.id)).toEqual([long]);
    expect(cycles(delta.id)).toEqual([]);
  });

  it('14: a hide into a cycle already found does not hide the next cycle', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const alfa = choice(f, s, 'Alfa');
    const beta = choice(f, s, 'Beta');
    const gama = choice(f, s, 'Gama');
    const delta = choice(f, s, 'Delta');
    f.hides(alfa.a, 'q', beta.id).hides(beta.a, 'q', alfa.id);
    f.hides(gama.a, 'q', alfa.id).hides(gama.b, 'q', delta.id).hides(delta.a, 'q', gama.id);
    const validity = computeValidity(f.tree());
    const cycles = (id: number) =>
      validity.questions.get(id)!.filter((error) => error.includes('ciclo'));
    const second = 'La lógica de salto forma un ciclo: "Gama" → "Delta" → "Gama".';
    expect(cycles(gama.id)).toEqual([second]);
    expect(cycles(delta.id)).toEqual([second]);
    expect(cycles(alfa.id)).toEqual([
      'La lógica de salto forma un ciclo: "Alfa" → "Beta" → "Alfa".',
    ]);
  });

  it('14: one cycle through each question: those on a reported cycle get no other', () => {
    const f = new Fixture();
    const s = f.segment('S');
    const alfa = choice(f, s, 'Alfa');
    const beta = choice(f, s, 'Beta');
    const gama = choice(f, s, 'Gama');
    f.hides(alfa.a, 'q', beta.id).hides(beta.a, 'q', gama.id);
    f.hides(gama.a, 'q', alfa.id).hides(gama.b, 'q', beta.id);
    const validity = computeValidity(f.tree());
    const cycle = 'La lógica de salto forma un ciclo: "Alfa" → "Beta" → "Gama" → "Alfa".';
    for (const question of [alfa, beta, gama]) {
      expect(validity.questions.get(question.id)!.filter((e) => e.includes('ciclo'))).toEqual([
        cycle,
      ]);
    }
  });

  it('14: a cycle is written from its first question (lowest id), whatever the load order', () => {
    const f = new Fixture();
    const s1 = f.segment('Uno');
    const q1 = choice(f, s1, 'Alfa');
    const s2 = f.segment('Dos');
    const q2 = choice(f, s2, 'Beta');
    f.hides(q1.a, 's', s2).hides(q2.a, 'q', q1.id);
    f.content.questions.reverse();
    f.content.options.reverse();
    const cycle = 'La lógica de salto forma un ciclo: "Alfa" → "Beta" → "Alfa".';
    const validity = computeValidity(f.tree());
    expect(validity.questions.get(q1.id)).toEqual([cycle]);
    expect(validity.questions.get(q2.id)).toContain(cycle);
  });

  it("the survey's list follows the reading order: questions and sub-segments interleaved", () => {
    const f = new Fixture();
    const root = f.segment('Raíz');
    const q1 = f.question(root, 'Uno', { type: 5 });
    f.option(q1, 'A');
    f.segment('Sub', 0, root);
    f.question(root, 'Dos', { type: 10 });
    expect(computeValidity(f.tree()).survey).toEqual([
      'Pregunta "Uno": La pregunta debe tener al menos dos opciones.',
      'Segmento "Sub": El segmento no tiene preguntas ni subsegmentos.',
      'Pregunta "Dos": La matriz de Likert debe tener al menos una afirmación.',
    ]);
  });

  it('15: not reported when a segment holding the hiding question may be hidden', () => {
    const f = new Fixture();
    const s1 = f.segment('Uno');
    const gate = choice(f, s1, 'Puerta');
    const outer = f.segment('Dos');
    const inner = f.segment('Interior', 0, outer);
    const filter = choice(f, inner, 'Filtro');
    const s3 = f.segment('Tres');
    f.question(s3, 'Dentro');
    f.hides(gate.a, 's', outer);
    f.hides(filter.a, 's', s3).hides(filter.b, 's', s3);
    expect(computeValidity(f.tree()).segments.get(s3)).toEqual([]);
  });

  it('15: not reported when the options hide different items', () => {
    const f = new Fixture();
    const q = choice(f, f.segment('Uno'), 'Filtro');
    const s2 = f.segment('Dos');
    f.question(s2, 'Dentro');
    const s3 = f.segment('Tres');
    f.question(s3, 'Dentro también');
    f.hides(q.a, 's', s2).hides(q.b, 's', s3);
    const validity = computeValidity(f.tree());
    expect([...validity.segments.values()].flat()).toEqual([]);
    expect([...validity.questions.values()].flat()).toEqual([]);
  });

  it('15: a question whose every option hides its own segment or itself is left to rules 11-12', () => {
    const f = new Fixture();
    const own = f.segment('Propio');
    const q = choice(f, own, 'Filtro');
    const other = f.question(own, 'Otra');
    f.hides(q.a, 's', own).hides(q.b, 's', own);
    let validity = computeValidity(f.tree());
    expect(validity.questions.get(q.id)).toEqual([
      'La opción "A" oculta el segmento "Propio", que contiene a la pregunta.',
      'La opción "B" oculta el segmento "Propio", que contiene a la pregunta.',
    ]);
    expect(validity.segments.get(own)).toEqual([]);
    expect(validity.questions.get(other)).toEqual([]);

    const g = new Fixture();
    const self = choice(g, g.segment('Propio'), 'Filtro');
    g.hides(self.a, 'q', self.id).hides(self.b, 'q', self.id);
    validity = computeValidity(g.tree());
    expect(validity.questions.get(self.id)).toEqual([
      'La opción "A" oculta su propia pregunta.',
      'La opción "B" oculta su propia pregunta.',
    ]);
  });

  it('15: only the outermost item: a sub-segment of an unreachable segment is not reported', () => {
    const f = new Fixture();
    const q = choice(f, f.segment('Uno'), 'Filtro');
    const s2 = f.segment('Dos');
    const inner = f.segment('Interior', 0, s2);
    f.question(inner, 'Dentro');
    f.hides(q.a, 's', s2).hides(q.b, 's', s2);
    const validity = computeValidity(f.tree());
    expect(validity.segments.get(s2)).toEqual([
      'El segmento nunca se muestra: todas las respuestas posibles de la pregunta "Filtro" lo ocultan.',
    ]);
    expect(validity.segments.get(inner)).toEqual([]);
  });
});
