import type { ItemKey, QuestionNode, SegmentNode, SurveyTree } from './tree-model.ts';
import { ancestorsOf, questionKey, segmentKey } from './tree-model.ts';
import {
  QuestionType,
  choosesOptions,
  hasOptions,
  needsCount,
  needsTwoOptions,
  questionTypeLabel,
} from './types.ts';

// THE survey validity rules (issue 10; docs/surveys.md "Validity", rule by rule, same order and
// words). Pure: a loaded tree in, Spanish errors out for the survey, each segment and each
// question. The designer shows exactly these (isValid = no errors). The survey's own list ends
// with every segment's and question's error, prefixed with the item, so the designer's warning
// box lists everything that keeps the survey from being valid.

export interface Validity {
  /** The survey's errors: its own, then each item's, prefixed. */
  survey: string[];
  segments: Map<number, string[]>;
  questions: Map<number, string[]>;
}

const pointsFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });
/** Points as the screens show them (es-MX, at most 2 decimals). */
export const formatPoints = (points: number): string => pointsFormat.format(points);
const cents = (points: number): number => Math.round(points * 100);

const validityMessages = {
  emptySurvey: 'El cuestionario no tiene segmentos.',
  surveyPoints: (points: number, sum: number) =>
    `Los puntos del cuestionario (${formatPoints(points)}) no coinciden con la suma de sus segmentos (${formatPoints(sum)}).`,
  emptySegment: 'El segmento no tiene preguntas ni subsegmentos.',
  segmentPoints: (points: number, sum: number) =>
    `Los puntos del segmento (${formatPoints(points)}) no coinciden con la suma de sus preguntas y subsegmentos (${formatPoints(sum)}).`,
  tooFewOptions: 'La pregunta debe tener al menos dos opciones.',
  noStatements: 'La matriz de Likert debe tener al menos una afirmación.',
  missingCount: 'Falta el número de opciones de la pregunta.',
  countExceedsOptions: (count: number, available: number) =>
    `El número de opciones (${count}) excede las opciones disponibles (${available}).`,
  optionOverQuestion: (option: string, optionPoints: number, questionPoints: number) =>
    `La opción "${option}" vale más puntos (${formatPoints(optionPoints)}) que la pregunta (${formatPoints(questionPoints)}).`,
  skipOnNonChoice: (typeLabel: string) =>
    `Las opciones de una pregunta de tipo ${typeLabel} no pueden ocultar elementos.`,
  hidesItself: (option: string) => `La opción "${option}" oculta su propia pregunta.`,
  hidesAncestor: (option: string, segment: string) =>
    `La opción "${option}" oculta el segmento "${segment}", que contiene a la pregunta.`,
  hidesBackwards: (option: string, item: string) =>
    `La opción "${option}" oculta ${item}, que está antes de la pregunta.`,
  cycle: (path: string[]) =>
    `La lógica de salto forma un ciclo: ${path.map((d) => `"${d}"`).join(' → ')}.`,
  unreachableSegment: (question: string) =>
    `El segmento nunca se muestra: todas las respuestas posibles de la pregunta "${question}" lo ocultan.`,
  unreachableQuestion: (question: string) =>
    `La pregunta nunca se muestra: todas las respuestas posibles de la pregunta "${question}" la ocultan.`,
  segmentPrefix: (name: string, error: string) => `Segmento "${name}": ${error}`,
  questionPrefix: (description: string, error: string) => `Pregunta "${description}": ${error}`,
};
const m = validityMessages;

const hidesSomething = (option: { hiddenSegmentIds: number[]; hiddenQuestionIds: number[] }) =>
  option.hiddenSegmentIds.length + option.hiddenQuestionIds.length > 0;

/** 'la pregunta "x"' / 'el segmento "x"' for the messages. */
function itemLabel(tree: SurveyTree, kind: 's' | 'q', id: number): string {
  if (kind === 's') return `el segmento "${tree.segments.get(id)?.name ?? id}"`;
  return `la pregunta "${tree.questions.get(id)?.description ?? id}"`;
}

type Errors = Map<number, string[]>;

/** Rule 1: the survey is not empty; its points are the sum of its top-level segments'. */
function surveyErrors(tree: SurveyTree): string[] {
  if (tree.roots.length === 0) return [m.emptySurvey];
  const sum = tree.roots.reduce((total, s) => total + cents(s.points), 0);
  if (sum !== cents(tree.survey.points)) return [m.surveyPoints(tree.survey.points, sum / 100)];
  return [];
}

/** Rule 2: each segment is not empty; its points are the sum of its questions' and sub-segments'. */
function checkSegments(tree: SurveyTree, segmentErrors: Errors): void {
  for (const segment of tree.segments.values()) {
    const errors = segmentErrors.get(segment.id)!;
    if (segment.children.length === 0 && segment.questions.length === 0) {
      errors.push(m.emptySegment);
      continue;
    }
    const sum =
      segment.children.reduce((total, s) => total + cents(s.points), 0) +
      segment.questions.reduce((total, q) => total + cents(q.points), 0);
    if (sum !== cents(segment.points)) errors.push(m.segmentPoints(segment.points, sum / 100));
  }
}

/** Rule 3: each question's options against its type and points. */
function checkOptions(tree: SurveyTree, questionErrors: Errors): void {
  for (const question of tree.questions.values()) {
    const errors = questionErrors.get(question.id)!;
    const count = question.options.length;
    if (needsTwoOptions(question.type) && count < 2) errors.push(m.tooFewOptions);
    if (question.type === QuestionType.LikertMatrix && count < 1) errors.push(m.noStatements);
    if (needsCount(question.type)) {
      if (question.multipleOptionsCount === null) errors.push(m.missingCount);
      else if (question.multipleOptionsCount > count) {
        errors.push(m.countExceedsOptions(question.multipleOptionsCount, count));
      }
    }
    if (!hasOptions(question.type)) continue;
    for (const option of question.options) {
      if (cents(option.points) > cents(question.points)) {
        errors.push(m.optionOverQuestion(option.description, option.points, question.points));
      }
    }
  }
}

/**
 * Rule 4: the skip logic of each option: only choice types hide, only forward, never the
 * question itself or a segment containing it.
 */
function checkSkipLogic(tree: SurveyTree, questionErrors: Errors): void {
  for (const question of tree.questions.values()) {
    if (!question.options.some(hidesSomething)) continue;
    const errors = questionErrors.get(question.id)!;
    const own = tree.position.get(questionKey(question.id)) ?? -1;
    const ancestors = new Set(ancestorsOf(tree, question.segmentId).map((s) => s.id));
    for (const option of question.options) {
      if (!hidesSomething(option)) continue;
      if (!choosesOptions(question.type)) {
        errors.push(m.skipOnNonChoice(questionTypeLabel(question.type)));
        continue;
      }
      for (const id of option.hiddenQuestionIds) {
        if (id === question.id) errors.push(m.hidesItself(option.description));
        else if ((tree.position.get(questionKey(id)) ?? -1) < own) {
          errors.push(m.hidesBackwards(option.description, itemLabel(tree, 'q', id)));
        }
      }
      for (const id of option.hiddenSegmentIds) {
        if (ancestors.has(id)) {
          errors.push(m.hidesAncestor(option.description, tree.segments.get(id)!.name));
        } else if ((tree.position.get(segmentKey(id)) ?? -1) < own) {
          errors.push(m.hidesBackwards(option.description, itemLabel(tree, 's', id)));
        }
      }
    }
  }
}

/** The survey's list: its own errors, then every item's in reading order, prefixed. */
function surveyList(
  tree: SurveyTree,
  own: string[],
  segmentErrors: Errors,
  questionErrors: Errors,
): string[] {
  const survey = [...own];
  const walk = (segment: SegmentNode) => {
    for (const error of segmentErrors.get(segment.id) ?? []) {
      survey.push(m.segmentPrefix(segment.name, error));
    }
    const items = [
      ...segment.children.map((node) => ({ order: node.order, segment: node })),
      ...segment.questions.map((node) => ({ order: node.order, question: node })),
    ].sort((a, b) => a.order - b.order);
    for (const item of items) {
      if ('segment' in item && item.segment) walk(item.segment);
      else if ('question' in item && item.question) {
        for (const error of questionErrors.get(item.question.id) ?? []) {
          survey.push(m.questionPrefix(item.question.description, error));
        }
      }
    }
  };
  tree.roots.forEach(walk);
  return survey;
}

export function computeValidity(tree: SurveyTree): Validity {
  const segmentErrors: Errors = new Map();
  const questionErrors: Errors = new Map();
  for (const id of tree.segments.keys()) segmentErrors.set(id, []);
  for (const id of tree.questions.keys()) questionErrors.set(id, []);
  const surveyOwn = surveyErrors(tree);
  checkSegments(tree, segmentErrors);
  checkOptions(tree, questionErrors);
  checkSkipLogic(tree, questionErrors);

  // 5. Cycles: question A hides B (or a segment holding B) and B, directly or not, hides A.
  for (const cycle of findCycles(tree)) {
    const text = m.cycle([...cycle, cycle[0]!].map((id) => tree.questions.get(id)!.description));
    for (const id of cycle) {
      const errors = questionErrors.get(id)!;
      if (!errors.includes(text)) errors.push(text);
    }
  }

  // 6. Items no answer can reach: a question that is always shown and always answered with
  // options, every one of which hides the item (or a segment holding it).
  for (const [key, hider] of unreachableItems(tree)) {
    const id = Number(key.slice(1));
    if (key.startsWith('s')) segmentErrors.get(id)!.push(m.unreachableSegment(hider.description));
    else questionErrors.get(id)!.push(m.unreachableQuestion(hider.description));
  }

  return {
    survey: surveyList(tree, surveyOwn, segmentErrors, questionErrors),
    segments: segmentErrors,
    questions: questionErrors,
  };
}

/** The questions an item stands for: itself, or every question inside a segment. */
function questionsUnder(tree: SurveyTree, kind: 's' | 'q', id: number): number[] {
  if (kind === 'q') return tree.questions.has(id) ? [id] : [];
  const out: number[] = [];
  const stack = [tree.segments.get(id)];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const segment = stack.pop();
    if (!segment || seen.has(segment.id)) continue;
    seen.add(segment.id);
    out.push(...segment.questions.map((q) => q.id));
    stack.push(...segment.children);
  }
  return out;
}

/** The items an option hides: the named ones and everything inside the named segments. */
function effectivelyHidden(
  tree: SurveyTree,
  segmentIds: readonly number[],
  questionIds: readonly number[],
): Set<ItemKey> {
  const out = new Set<ItemKey>(questionIds.map(questionKey));
  const stack = segmentIds.map((id) => tree.segments.get(id));
  while (stack.length > 0) {
    const segment = stack.pop();
    if (!segment || out.has(segmentKey(segment.id))) continue;
    out.add(segmentKey(segment.id));
    segment.questions.forEach((q) => out.add(questionKey(q.id)));
    stack.push(...segment.children);
  }
  return out;
}

/** Cycles of the "hides" graph between questions: at least one through every question on one. */
function findCycles(tree: SurveyTree): number[][] {
  const edges = new Map<number, Set<number>>();
  for (const question of tree.questions.values()) {
    const targets = new Set<number>();
    for (const option of question.options) {
      for (const id of option.hiddenQuestionIds) {
        for (const q of questionsUnder(tree, 'q', id)) targets.add(q);
      }
      for (const id of option.hiddenSegmentIds) {
        for (const q of questionsUnder(tree, 's', id)) targets.add(q);
      }
    }
    targets.delete(question.id); // hiding itself is its own rule
    if (targets.size > 0) edges.set(question.id, targets);
  }
  // The questions on cycles are those of the strongly connected components with more than one
  // question. Each of them gets a cycle through it: taking the questions by id, every one not on a
  // cycle reported yet gets the shortest one (breadth-first within its component). A
  // depth-first search for back edges alone would miss some (A hides B and C, B hides A, C hides
  // B: it closes A → B → A, and reaches B from C only once B is finished).
  const cycles: number[][] = [];
  const covered = new Set<number>();
  for (const component of stronglyConnected(edges)) {
    if (component.size < 2) continue;
    for (const start of [...component].sort((a, b) => a - b)) {
      if (covered.has(start)) continue;
      const cycle = shortestCycle(edges, component, start);
      cycles.push(cycle);
      cycle.forEach((id) => covered.add(id));
    }
  }
  return cycles;
}

/** Tarjan's strongly connected components of the hide relation. */
function stronglyConnected(edges: Map<number, Set<number>>): Set<number>[] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const components: Set<number>[] = [];
  const connect = (id: number) => {
    index.set(id, index.size);
    low.set(id, index.get(id)!);
    stack.push(id);
    onStack.add(id);
    for (const next of edges.get(id) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(id, Math.min(low.get(id)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(id, Math.min(low.get(id)!, index.get(next)!));
      }
    }
    if (low.get(id) === index.get(id)) {
      const component = new Set<number>();
      let member: number;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.add(member);
      } while (member !== id);
      components.push(component);
    }
  };
  for (const id of [...edges.keys()].sort((a, b) => a - b)) if (!index.has(id)) connect(id);
  return components;
}

/** The shortest way from `start` back to itself inside its component: [start, ..., last]. */
function shortestCycle(
  edges: Map<number, Set<number>>,
  component: Set<number>,
  start: number,
): number[] {
  const previous = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head]!;
    for (const next of edges.get(id) ?? []) {
      if (next === start) {
        const cycle = [id];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        // Written from its first question (lowest id).
        const first = cycle.indexOf(Math.min(...cycle));
        return [...cycle.slice(first), ...cycle.slice(0, first)];
      }
      if (component.has(next) && !previous.has(next)) {
        previous.set(next, id);
        queue.push(next);
      }
    }
  }
  // Unreachable: every question of a component reaches every other one.
  return [start];
}

/**
 * Items hidden whatever the answers: a question Q that is always shown (nothing hides it nor a
 * segment holding it), mandatory (not optional, no 'No aplica'), answered by choosing options,
 * and every option of which hides the item or a segment holding it. Only the outermost hidden
 * item is reported (what it holds is hidden with it).
 */
function unreachableItems(tree: SurveyTree): Map<ItemKey, QuestionNode> {
  const hiddenSometimes = new Set<ItemKey>();
  for (const option of tree.options.values()) {
    option.hiddenSegmentIds.forEach((id) => hiddenSometimes.add(segmentKey(id)));
    option.hiddenQuestionIds.forEach((id) => hiddenSometimes.add(questionKey(id)));
  }
  const alwaysShown = (question: QuestionNode) =>
    !hiddenSometimes.has(questionKey(question.id)) &&
    ancestorsOf(tree, question.segmentId).every((s) => !hiddenSometimes.has(segmentKey(s.id)));

  const found = new Map<ItemKey, QuestionNode>();
  for (const question of tree.questions.values()) {
    if (!choosesOptions(question.type) || question.isOptional || question.acceptsNA) continue;
    // An option hiding nothing is an answer that shows everything.
    if (question.options.length === 0 || !question.options.every(hidesSomething)) continue;
    // Hiding itself or its own segment (rules 11, 12) makes it sometimes hidden: skipped here.
    if (!alwaysShown(question)) continue;
    // Items every option hides, counting what a hidden segment holds.
    let common = null as Set<ItemKey> | null;
    for (const option of question.options) {
      const hidden = effectivelyHidden(tree, option.hiddenSegmentIds, option.hiddenQuestionIds);
      common = common === null ? hidden : new Set([...common].filter((k) => hidden.has(k)));
    }
    const hiddenAlways = [...(common ?? [])];
    for (const key of hiddenAlways) {
      if (!tree.position.has(key) || found.has(key)) continue;
      found.set(key, question);
    }
  }
  // Keep only the outermost: drop items inside a segment that is itself unreachable.
  for (const key of [...found.keys()]) {
    const id = Number(key.slice(1));
    const parentId = key.startsWith('s')
      ? (tree.segments.get(id)?.parentId ?? null)
      : (tree.questions.get(id)?.segmentId ?? null);
    if (ancestorsOf(tree, parentId).some((s) => found.has(segmentKey(s.id)))) found.delete(key);
  }
  return found;
}
