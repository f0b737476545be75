// The survey tree as plain data: the rows of a survey, their nesting and the reading order.
// Pure (no database, no HTTP): the designer's answer, the validity rules, the visits' checks and
// the export all read this one shape; tree.ts fills it from the database.
import type { EngineSegment, EngineSurvey } from '@anaquel/api/survey-engine';

export interface SurveyRow {
  id: number;
  campaignId: number;
  campaignName: string;
  type: number;
  name: string;
  description: string | null;
  points: number;
  isActive: boolean;
  firstAnswerAt: Date | null;
}

export interface SegmentRow {
  id: number;
  surveyId: number;
  parentId: number | null;
  name: string;
  description: string | null;
  order: number;
  points: number;
}

export interface QuestionRow {
  id: number;
  segmentId: number;
  type: number;
  order: number;
  description: string;
  acceptsNA: boolean;
  isOptional: boolean;
  hasPhoto: boolean;
  hasOther: boolean;
  multipleOptionsCount: number | null;
  points: number;
}

export interface OptionRow {
  id: number;
  questionId: number;
  order: number;
  description: string;
  points: number;
  isOther: boolean;
}

interface OptionNode extends OptionRow {
  hiddenSegmentIds: number[];
  hiddenQuestionIds: number[];
}

export interface QuestionNode extends QuestionRow {
  options: OptionNode[];
}

export interface SegmentNode extends SegmentRow {
  children: SegmentNode[];
  questions: QuestionNode[];
}

/** A node of the survey's reading order: a segment or a question. */
export type ItemKey = `s${number}` | `q${number}`;
export const segmentKey = (id: number): ItemKey => `s${id}`;
export const questionKey = (id: number): ItemKey => `q${id}`;

export interface SurveyTree {
  survey: SurveyRow;
  /** Top-level segments by order. */
  roots: SegmentNode[];
  segments: Map<number, SegmentNode>;
  questions: Map<number, QuestionNode>;
  options: Map<number, OptionNode>;
  /**
   * Reading order (depth first: a segment, then its questions and sub-segments merged by their
   * shared order): the position of every segment and question.
   */
  position: Map<ItemKey, number>;
}

/** The children of a segment (questions and sub-segments) merged by their shared order. */
export function itemsOf(
  segment: SegmentNode,
): ({ kind: 'segment'; node: SegmentNode } | { kind: 'question'; node: QuestionNode })[] {
  return [
    ...segment.children.map((node) => ({ kind: 'segment' as const, node })),
    ...segment.questions.map((node) => ({ kind: 'question' as const, node })),
  ].sort((a, b) => a.node.order - b.node.order || (a.kind === 'segment' ? -1 : 1));
}

/** The ancestors of a segment, nearest first (the segment itself excluded). */
export function ancestorsOf(tree: SurveyTree, segmentId: number | null): SegmentNode[] {
  const chain: SegmentNode[] = [];
  const seen = new Set<number>();
  let current = segmentId === null ? undefined : tree.segments.get(segmentId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.push(current);
    current = current.parentId === null ? undefined : tree.segments.get(current.parentId);
  }
  return chain;
}

/** The rows of one survey as loaded, before nesting (tree.ts). */
export interface SurveyContent {
  survey: SurveyRow;
  segments: SegmentRow[];
  questions: QuestionRow[];
  options: OptionRow[];
  /** Skip-logic rows: the option that hides a segment ('s') or a question ('q'). */
  hidden: { optionId: number; kind: 's' | 'q'; targetId: number }[];
}

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

/** Nests the rows. */
export function buildTree(content: SurveyContent): SurveyTree {
  const segmentNodes = new Map<number, SegmentNode>();
  const questionNodes = new Map<number, QuestionNode>();
  const optionNodes = new Map<number, OptionNode>();
  // A node is its row plus the lists the nesting below fills.
  for (const r of content.segments) segmentNodes.set(r.id, { ...r, children: [], questions: [] });
  for (const r of content.questions) questionNodes.set(r.id, { ...r, options: [] });
  for (const r of content.options) {
    optionNodes.set(r.id, { ...r, hiddenSegmentIds: [], hiddenQuestionIds: [] });
  }
  for (const { optionId, kind, targetId } of content.hidden) {
    const option = optionNodes.get(optionId);
    if (!option) continue; // an option of another survey hiding an item of this one: not ours
    (kind === 's' ? option.hiddenSegmentIds : option.hiddenQuestionIds).push(targetId);
  }
  for (const option of optionNodes.values())
    questionNodes.get(option.questionId)?.options.push(option);
  for (const question of questionNodes.values()) {
    question.options.sort(byOrder);
    segmentNodes.get(question.segmentId)?.questions.push(question);
  }
  const roots: SegmentNode[] = [];
  for (const segment of segmentNodes.values()) {
    const parent = segment.parentId === null ? undefined : segmentNodes.get(segment.parentId);
    (parent ? parent.children : roots).push(segment);
  }
  for (const segment of segmentNodes.values()) {
    segment.children.sort(byOrder);
    segment.questions.sort(byOrder);
  }
  roots.sort(byOrder);

  const position = new Map<ItemKey, number>();
  const visit = (segment: SegmentNode) => {
    if (position.has(segmentKey(segment.id))) return; // a corrupt parent loop
    position.set(segmentKey(segment.id), position.size);
    for (const item of itemsOf(segment)) {
      if (item.kind === 'segment') visit(item.node);
      else position.set(questionKey(item.node.id), position.size);
    }
  };
  roots.forEach(visit);

  return {
    survey: content.survey,
    roots,
    segments: segmentNodes,
    questions: questionNodes,
    options: optionNodes,
    position,
  };
}

/** The tree as the survey engine reads it (the contract's shape: options, children, skip logic). */
export function toEngineSurvey(tree: SurveyTree): EngineSurvey {
  const segment = (node: SegmentNode): EngineSegment => ({
    id: node.id,
    order: node.order,
    children: node.children.map(segment),
    questions: node.questions.map((question) => ({
      id: question.id,
      type: question.type,
      order: question.order,
      description: question.description,
      points: Number(question.points),
      acceptsNA: question.acceptsNA,
      isOptional: question.isOptional,
      hasPhoto: question.hasPhoto,
      multipleOptionsCount: question.multipleOptionsCount,
      multipleOptions: question.options.map((option) => ({
        id: option.id,
        order: option.order,
        points: Number(option.points),
        isOther: option.isOther,
        blurredSegmentIds: option.hiddenSegmentIds,
        blurredQuestionIds: option.hiddenQuestionIds,
      })),
    })),
  });
  return { segments: tree.roots.map(segment) };
}
