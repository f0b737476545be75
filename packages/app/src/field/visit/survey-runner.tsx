import type { components } from '@anaquel/api/schema';
import { Button, scoreText } from '@anaquel/ui';
import { memo, useMemo, useRef, useState, type CSSProperties } from 'react';
import { FieldFrame } from '../field-frame';
import type { StoredAnswer, StoredSurvey } from '../store/db';
import { surveyState, toPreviewAnswer, toStoredAnswer, withAnswer } from './answers';
import { FieldQuestion } from './field-question';
import type { VisitSurvey } from './visit-surveys';

type SegmentNode = components['schemas']['SegmentNode'];
type QuestionNode = components['schemas']['QuestionNode'];
type Item = { kind: 'question'; node: QuestionNode } | { kind: 'segment'; node: SegmentNode };

const itemsCache = new WeakMap<SegmentNode, readonly Item[]>();

/**
 * A segment's questions and sub-segments in the engine's order (a question first on a tie),
 * sorted once per downloaded segment.
 */
function itemsOf(segment: SegmentNode): readonly Item[] {
  const cached = itemsCache.get(segment);
  if (cached) return cached;
  const items: Item[] = [
    ...segment.questions.map((node) => ({ kind: 'question' as const, node })),
    ...segment.children.map((node) => ({ kind: 'segment' as const, node })),
  ];
  const rank = (item: Item) => (item.kind === 'question' ? 0 : 1);
  items.sort((a, b) => a.node.order - b.node.order || rank(a) - rank(b) || a.node.id - b.node.id);
  itemsCache.set(segment, items);
  return items;
}

/**
 * From how many questions a survey skips the layout of the segments off screen. A short survey
 * lays out in a few milliseconds; a long one pays for every question on each answer otherwise.
 * Below it, nothing is drawn at an estimated size that could move under a tap as it is drawn for
 * real.
 */
const LONG_SURVEY = 40;

function countQuestions(segments: readonly SegmentNode[]): number {
  return segments.reduce((n, s) => n + s.questions.length + countQuestions(s.children), 0);
}

/**
 * A top-level segment of a long survey off screen: the browser skips its layout and paint
 * (`content-visibility: auto`), sized as last drawn, or at first by its questions (a card is about
 * 14rem). The browser checks each such box against the screen at every frame: 30 segments, and
 * the cards of the few segments on screen (FieldQuestion's own `skipOffscreen`), are fewer checks
 * than 300 cards, and a segment on screen still paints only its cards on screen. Every question
 * stays in the accessibility tree, find-in-page and the tab order.
 */
function offscreenStyle(segment: SegmentNode): CSSProperties {
  const rem = 3 + 14 * countQuestions([segment]);
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${rem}rem` };
}

export interface SurveyRunnerProps {
  target: VisitSurvey;
  stored: StoredSurvey;
  /** Changes the survey's stored answers (written to the device at once). */
  updateAnswers: (change: (answers: StoredAnswer[]) => StoredAnswer[]) => void;
  addPhoto: (file: Blob) => Promise<string>;
  photoUrl: (key: string) => string | undefined;
  /** 'Listo' with every shown question acceptable. */
  onDone: () => void;
  backHref: string;
}

/** What a question does with its answer: the same object for the runner's life (a ref inside). */
interface Actions {
  touch: (questionId: number) => void;
  updateAnswers: SurveyRunnerProps['updateAnswers'];
  addPhoto: SurveyRunnerProps['addPhoto'];
}

/** What a segment shows of the survey now: one object per render of the runner. */
interface View {
  /** The stored answers by question (one look-up per question, not a search of the list). */
  answers: ReadonlyMap<number, StoredAnswer>;
  hiddenSegments: ReadonlySet<number>;
  hiddenQuestions: ReadonlySet<number>;
  /** The messages a question shows now (none until it is touched or the survey checked). */
  errorsOf: (questionId: number) => readonly string[];
  photoUrl: SurveyRunnerProps['photoUrl'];
  actions: Actions;
  /** A long survey: top-level segments off screen skip their layout and paint. */
  skipOffscreen: boolean;
}

const NO_ERRORS: readonly string[] = [];

interface RunnerQuestionProps {
  question: QuestionNode;
  level: number;
  stored: StoredAnswer | undefined;
  errors: readonly string[];
  photoUrl: SurveyRunnerProps['photoUrl'];
  actions: Actions;
  skipOffscreen: boolean;
}

const sameErrors = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((message, i) => message === b[i]));

/**
 * One question, rendered again only when its own answer, messages or photos change: an answer
 * re-renders one question, not the survey's 300 (bench/README.md, the runner's figure).
 */
const RunnerQuestion = memo(
  function RunnerQuestion({
    question,
    level,
    stored,
    errors,
    photoUrl,
    actions,
    skipOffscreen,
  }: RunnerQuestionProps) {
    const photoKeys = stored?.photoKeys ?? [];
    const input = stored ? toPreviewAnswer(question, stored) : undefined;
    const change = (patch: (answer: StoredAnswer | undefined) => StoredAnswer | null) => {
      actions.touch(question.id);
      actions.updateAnswers((answers) =>
        withAnswer(answers, question.id, patch(answers.find((a) => a.questionId === question.id))),
      );
    };
    return (
      <FieldQuestion
        question={question}
        answer={input}
        photoKeys={photoKeys}
        errors={errors}
        headingLevel={level}
        photoUrl={photoUrl}
        skipOffscreen={skipOffscreen}
        onChange={(next) =>
          change((current) => toStoredAnswer(question, next, current?.photoKeys ?? []))
        }
        onTakePhoto={async (file) => {
          const key = await actions.addPhoto(file);
          change((current) =>
            toStoredAnswer(question, current ? toPreviewAnswer(question, current) : undefined, [
              ...(current?.photoKeys ?? []),
              key,
            ]),
          );
        }}
        onRemovePhoto={(key) =>
          change((current) =>
            toStoredAnswer(
              question,
              current ? toPreviewAnswer(question, current) : undefined,
              (current?.photoKeys ?? []).filter((k) => k !== key),
            ),
          )
        }
      />
    );
  },
  (before, after) =>
    before.question === after.question &&
    before.level === after.level &&
    before.stored === after.stored &&
    before.photoUrl === after.photoUrl &&
    before.actions === after.actions &&
    before.skipOffscreen === after.skipOffscreen &&
    sameErrors(before.errors, after.errors),
);

/** Whether nothing a segment shows differs between two views: its answers, messages, skips. */
function sameSegment(segment: SegmentNode, before: View, after: View): boolean {
  if (before.hiddenSegments.has(segment.id) !== after.hiddenSegments.has(segment.id)) return false;
  return itemsOf(segment).every((item) => {
    if (item.kind === 'segment') return sameSegment(item.node, before, after);
    const id = item.node.id;
    return (
      before.hiddenQuestions.has(id) === after.hiddenQuestions.has(id) &&
      before.answers.get(id) === after.answers.get(id) &&
      sameErrors(before.errorsOf(id), after.errorsOf(id))
    );
  });
}

interface RunnerSegmentProps {
  segment: SegmentNode;
  level: number;
  view: View;
}

/**
 * One segment, rendered again only when something inside it changes: an answer reconciles the
 * segment it is in (and those it hides or shows), not the survey's other segments.
 */
const RunnerSegment = memo(
  function RunnerSegment({ segment, level, view }: RunnerSegmentProps) {
    const Heading = `h${Math.min(6, level)}` as 'h2';
    const items = itemsOf(segment).filter((item) =>
      item.kind === 'question'
        ? !view.hiddenQuestions.has(item.node.id)
        : !view.hiddenSegments.has(item.node.id),
    );
    return (
      <section
        aria-label={segment.name}
        className="flex flex-col gap-3"
        style={level === 2 && view.skipOffscreen ? offscreenStyle(segment) : undefined}
      >
        <Heading className="m-0 text-lg font-semibold break-words">{segment.name}</Heading>
        {segment.description && <p className="text-sm text-fg-muted">{segment.description}</p>}
        {items.map((item) =>
          item.kind === 'segment' ? (
            <RunnerSegment
              key={`s${item.node.id}`}
              segment={item.node}
              level={level + 1}
              view={view}
            />
          ) : (
            <RunnerQuestion
              key={`q${item.node.id}`}
              question={item.node}
              level={level + 1}
              stored={view.answers.get(item.node.id)}
              errors={view.errorsOf(item.node.id)}
              photoUrl={view.photoUrl}
              actions={view.actions}
              skipOffscreen={view.skipOffscreen}
            />
          ),
        )}
      </section>
    );
  },
  (before, after) =>
    before.segment === after.segment &&
    before.level === after.level &&
    before.view.photoUrl === after.view.photoUrl &&
    before.view.actions === after.view.actions &&
    before.view.skipOffscreen === after.view.skipOffscreen &&
    sameSegment(before.segment, before.view, after.view),
);

/**
 * One survey of the visit: its segments and questions as the skip logic shows them now, every
 * answer written to the device as it is given, the engine's messages on a question once it is
 * answered, and all of them on 'Listo' before the survey is closed.
 */
export function SurveyRunner(props: SurveyRunnerProps) {
  const { target, stored } = props;
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [checked, setChecked] = useState(false);
  const state = useMemo(
    () => surveyState(target.survey, stored.answers),
    [target.survey, stored.answers],
  );
  // The latest props behind one stable object, so that the memoised questions keep theirs.
  const latest = useRef(props);
  latest.current = props;
  const actions = useMemo<Actions>(
    () => ({
      touch: (id) => setTouched((before) => (before.has(id) ? before : new Set(before).add(id))),
      updateAnswers: (change) => latest.current.updateAnswers(change),
      addPhoto: (file) => latest.current.addPhoto(file),
    }),
    [],
  );
  const skipOffscreen = useMemo(
    () => countQuestions(target.survey.segments) > LONG_SURVEY,
    [target],
  );
  const byQuestion = useMemo(
    () => new Map(stored.answers.map((answer) => [answer.questionId, answer])),
    [stored.answers],
  );
  const view: View = {
    answers: byQuestion,
    hiddenSegments: state.hiddenSegments,
    hiddenQuestions: state.hiddenQuestions,
    errorsOf: (id) =>
      checked || touched.has(id) ? (state.errors.get(id) ?? NO_ERRORS) : NO_ERRORS,
    photoUrl: props.photoUrl,
    actions,
    skipOffscreen,
  };
  const segments = [...target.survey.segments]
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .filter((segment) => !state.hiddenSegments.has(segment.id));
  const pending = state.errors.size;
  return (
    <FieldFrame
      backHref={props.backHref}
      backLabel="Volver a la visita"
      aside={
        <p className="ms-auto pe-2 text-sm">
          Puntaje:{' '}
          <output className="font-semibold tabular-nums">
            {scoreText(state.points, state.maxPoints)}
          </output>
        </p>
      }
    >
      <h1 className="text-xl font-semibold">
        {target.survey.name}
        {target.product && (
          <span className="block text-base font-normal">{target.product.name}</span>
        )}
      </h1>
      {segments.map((segment) => (
        <RunnerSegment key={segment.id} segment={segment} level={2} view={view} />
      ))}
      {checked && pending > 0 && (
        <p
          role="alert"
          className="rounded-xl border border-danger bg-surface p-4 text-sm text-danger"
        >
          {pending === 1 ? '1 pregunta necesita' : `${pending} preguntas necesitan`} atención.
        </p>
      )}
      <Button
        className="min-h-12 w-full text-base"
        onPress={() => (pending > 0 ? setChecked(true) : props.onDone())}
      >
        Listo
      </Button>
    </FieldFrame>
  );
}
