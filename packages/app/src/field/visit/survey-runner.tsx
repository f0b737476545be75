import type { components } from '@anaquel/api/schema';
import { Button, scoreText } from '@anaquel/ui';
import { memo, useMemo, useRef, useState } from 'react';
import { FieldFrame } from '../field-frame';
import type { StoredAnswer, StoredSurvey } from '../store/db';
import {
  surveyState,
  toPreviewAnswer,
  toStoredAnswer,
  withAnswer,
  type SurveyState,
} from './answers';
import { FieldQuestion } from './field-question';
import type { VisitSurvey } from './visit-surveys';

type SegmentNode = components['schemas']['SegmentNode'];
type QuestionNode = components['schemas']['QuestionNode'];
type Item = { kind: 'question'; node: QuestionNode } | { kind: 'segment'; node: SegmentNode };

/** A segment's questions and sub-segments in the engine's order (a question first on a tie). */
function itemsOf(segment: SegmentNode): Item[] {
  const items: Item[] = [
    ...segment.questions.map((node) => ({ kind: 'question' as const, node })),
    ...segment.children.map((node) => ({ kind: 'segment' as const, node })),
  ];
  const rank = (item: Item) => (item.kind === 'question' ? 0 : 1);
  return items.sort(
    (a, b) => a.node.order - b.node.order || rank(a) - rank(b) || a.node.id - b.node.id,
  );
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

interface Ctx {
  /** The stored answers by question (one look-up per question, not a search of the list). */
  answers: ReadonlyMap<number, StoredAnswer>;
  state: SurveyState;
  shown: (questionId: number) => boolean;
  photoUrl: SurveyRunnerProps['photoUrl'];
  actions: Actions;
}

const NO_ERRORS: readonly string[] = [];

interface RunnerQuestionProps {
  question: QuestionNode;
  level: number;
  stored: StoredAnswer | undefined;
  errors: readonly string[];
  photoUrl: SurveyRunnerProps['photoUrl'];
  actions: Actions;
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
    sameErrors(before.errors, after.errors),
);

function RunnerSegment({ segment, level, ctx }: { segment: SegmentNode; level: number; ctx: Ctx }) {
  const Heading = `h${Math.min(6, level)}` as 'h2';
  const items = itemsOf(segment).filter((item) =>
    item.kind === 'question'
      ? !ctx.state.hiddenQuestions.has(item.node.id)
      : !ctx.state.hiddenSegments.has(item.node.id),
  );
  return (
    <section aria-label={segment.name} className="flex flex-col gap-3">
      <Heading className="m-0 text-lg font-semibold break-words">{segment.name}</Heading>
      {segment.description && <p className="text-sm text-fg-muted">{segment.description}</p>}
      {items.map((item) =>
        item.kind === 'segment' ? (
          <RunnerSegment key={`s${item.node.id}`} segment={item.node} level={level + 1} ctx={ctx} />
        ) : (
          <RunnerQuestion
            key={`q${item.node.id}`}
            question={item.node}
            level={level + 1}
            stored={ctx.answers.get(item.node.id)}
            errors={
              ctx.shown(item.node.id)
                ? (ctx.state.errors.get(item.node.id) ?? NO_ERRORS)
                : NO_ERRORS
            }
            photoUrl={ctx.photoUrl}
            actions={ctx.actions}
          />
        ),
      )}
    </section>
  );
}

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
  const byQuestion = useMemo(
    () => new Map(stored.answers.map((answer) => [answer.questionId, answer])),
    [stored.answers],
  );
  const ctx: Ctx = {
    answers: byQuestion,
    state,
    shown: (id) => checked || touched.has(id),
    photoUrl: props.photoUrl,
    actions,
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
        <RunnerSegment key={segment.id} segment={segment} level={2} ctx={ctx} />
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
