import { Fragment, useMemo, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { AlertTriangleIcon } from '../../icons';
import { Spinner } from '../spinner';
import { DEFERRED_RENDER_MIN_QUESTIONS, DeferredSegment, segmentSize } from './DeferredSegment';
import { OptionRow } from './OptionRow';
import { PointsBadge, SegmentInsertionPoint, ItemValidationWarning } from './parts';
import { segmentItems, sortedOptions, sortedSegments } from './preview-logic';
import { QuestionBlock } from './QuestionBlock';
import { canAddOptions, hasOptions, optionLocks } from './question-types';
import { SegmentCard } from './SegmentCard';
import type {
  SurveyOptionView,
  SurveyTreeQuestion,
  SurveyTreeSegment,
  SurveyTreeView,
} from './types';

/** A move of one place. */
export type MoveDirection = 'up' | 'down';

/** What the designer can do; a missing callback hides its buttons (e.g. without permission). */
export interface SurveyDesignerActions {
  /** 'Agregar Segmento' (top level, parent null) and 'Agregar segmento' inside a segment. */
  onAddSegment?: (parentId: Key | null, order: number) => void;
  /** 'Agregar pregunta' at a position of a segment. */
  onAddQuestion?: (segment: SurveyTreeSegment, order: number) => void;
  onEditSegment?: (segment: SurveyTreeSegment) => void;
  onDeleteSegment?: (segment: SurveyTreeSegment) => void;
  onMoveSegment?: (segment: SurveyTreeSegment, direction: MoveDirection) => void;
  onEditQuestion?: (question: SurveyTreeQuestion) => void;
  onDeleteQuestion?: (question: SurveyTreeQuestion) => void;
  onMoveQuestion?: (question: SurveyTreeQuestion, direction: MoveDirection) => void;
  /** 'Agregar opción' (not for Si/No, whose two options are fixed). */
  onAddOption?: (question: SurveyTreeQuestion) => void;
  onEditOption?: (option: SurveyOptionView, question: SurveyTreeQuestion) => void;
  /** Hidden for locked options (spec 2 §5). */
  onDeleteOption?: (option: SurveyOptionView, question: SurveyTreeQuestion) => void;
  onMoveOption?: (
    option: SurveyOptionView,
    question: SurveyTreeQuestion,
    direction: MoveDirection,
  ) => void;
}

export interface SurveyDesignerProps extends SurveyDesignerActions {
  /** 'loading', 'error', 'invalid-id' show the spec's texts; 'ready' shows `survey`. */
  status: 'loading' | 'error' | 'invalid-id' | 'ready';
  /** The questionnaire tree with the server's validity. */
  survey?: SurveyTreeView | null;
  /** Disables every item action (while a change is saved). */
  isBusy?: boolean;
  /** Buttons beside the title ('Vista previa', back link...). */
  toolbar?: ReactNode;
}

/** Names of every segment and question by id, for the skip logic shown on options. */
function itemNames(survey: SurveyTreeView) {
  const names = new Map<string, string>();
  const walk = (segment: SurveyTreeSegment) => {
    names.set(`s${segment.id}`, `Segmento «${segment.name?.trim() || 'Segmento sin nombre'}»`);
    for (const question of segment.questions ?? []) {
      names.set(`q${question.id}`, `Pregunta «${question.description}»`);
    }
    for (const child of segment.children ?? []) walk(child);
  };
  for (const segment of survey.segments) walk(segment);
  return names;
}

interface Ctx extends SurveyDesignerActions {
  names: Map<string, string>;
  isBusy?: boolean;
}

function hidesOf(option: SurveyOptionView, names: Map<string, string>) {
  return [
    ...(option.blurredSegmentIds ?? []).map((id) => names.get(`s${id}`) ?? `Segmento ${id}`),
    ...(option.blurredQuestionIds ?? []).map((id) => names.get(`q${id}`) ?? `Pregunta ${id}`),
  ];
}

/** `fn` bound to `args`, or undefined (its button hidden) without `fn`. */
function bind<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A) {
  return fn ? () => fn(...args) : undefined;
}

/** The move / edit / delete props of an item's actions, from the designer's callbacks. */
function actionsOf<T>(
  item: T,
  ctx: Ctx,
  move: ((item: T, direction: MoveDirection) => void) | undefined,
  edit: ((item: T) => void) | undefined,
  remove: ((item: T) => void) | undefined,
) {
  return {
    isDisabled: ctx.isBusy,
    onMoveUp: bind(move, item, 'up'),
    onMoveDown: bind(move, item, 'down'),
    onEdit: bind(edit, item),
    onDelete: bind(remove, item),
  };
}

/** Where an item stands among its siblings, and the designer's context. */
interface Placement {
  isFirst: boolean;
  isLast: boolean;
  level: number;
  ctx: Ctx;
}

function DesignerQuestion({
  question,
  isFirst,
  isLast,
  level,
  ctx,
}: Placement & { question: SurveyTreeQuestion }) {
  const options = hasOptions(question.type) ? sortedOptions(question) : [];
  return (
    <QuestionBlock
      question={question}
      headingLevel={level}
      isFirst={isFirst}
      isLast={isLast}
      {...actionsOf(question, ctx, ctx.onMoveQuestion, ctx.onEditQuestion, ctx.onDeleteQuestion)}
      onAddOption={canAddOptions(question.type) ? bind(ctx.onAddOption, question) : undefined}
    >
      {options.length > 0 &&
        options.map((option, i) => (
          <OptionRow
            key={option.id}
            option={option}
            hides={hidesOf(option, ctx.names)}
            isFirst={i === 0}
            isLast={i === options.length - 1}
            isDisabled={ctx.isBusy}
            onMoveUp={bind(ctx.onMoveOption, option, question, 'up')}
            onMoveDown={bind(ctx.onMoveOption, option, question, 'down')}
            onEdit={bind(ctx.onEditOption, option, question)}
            onDelete={
              optionLocks(question.type, option).delete
                ? undefined
                : bind(ctx.onDeleteOption, option, question)
            }
          />
        ))}
    </QuestionBlock>
  );
}

function DesignerSegment({
  segment,
  isFirst,
  isLast,
  level,
  ctx,
}: Placement & { segment: SurveyTreeSegment }) {
  const sorted = segmentItems(segment);
  const items = sorted.map((entry, i) => {
    const placement = { isFirst: i === 0, isLast: i === sorted.length - 1, level: level + 1, ctx };
    return {
      key: `${entry.kind}-${entry.item.id}`,
      order: entry.order,
      node:
        entry.kind === 'question' ? (
          <DesignerQuestion question={entry.item} {...placement} />
        ) : (
          <DesignerSegment segment={entry.item} {...placement} />
        ),
    };
  });
  return (
    <SegmentCard
      segment={segment}
      items={items}
      headingLevel={level}
      isFirst={isFirst}
      isLast={isLast}
      {...actionsOf(segment, ctx, ctx.onMoveSegment, ctx.onEditSegment, ctx.onDeleteSegment)}
      onAddQuestion={ctx.onAddQuestion ? (order) => ctx.onAddQuestion!(segment, order) : undefined}
      onAddSegment={ctx.onAddSegment ? (order) => ctx.onAddSegment!(segment.id, order) : undefined}
    />
  );
}

/** A failure instead of the designer ('Id de cuestionario inválido', a load error). */
function DesignerAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-center gap-2 text-sm font-medium text-danger">
      <AlertTriangleIcon className="size-5" />
      {children}
    </p>
  );
}

/** The survey's name, the toolbar, its description and its total points. */
function DesignerHeader({ survey, toolbar }: { survey: SurveyTreeView; toolbar?: ReactNode }) {
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-3">
        <h1 className="m-0 min-w-[min(100%,14rem)] flex-[1_1_14rem] text-xl font-semibold break-words text-fg">
          {survey.name}
        </h1>
        {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
      </div>
      {survey.description && (
        <p className="m-0 text-sm break-words text-fg-muted">{survey.description}</p>
      )}
      <p className="m-0 flex items-center gap-2 text-sm text-fg">
        Puntos totales: <PointsBadge points={survey.points} />
      </p>
    </header>
  );
}

/**
 * The top-level segments with 'Agregar Segmento' before and after each; in a large survey every
 * segment but the first renders once it nears the screen.
 */
function TopSegments({ survey, ctx }: { survey: SurveyTreeView; ctx: Ctx }) {
  const deferred = useMemo(
    () =>
      survey.segments.reduce((sum, segment) => sum + segmentSize(segment).questions, 0) >=
      DEFERRED_RENDER_MIN_QUESTIONS,
    [survey],
  );
  const segments = sortedSegments(survey.segments);
  const onAddSegment = ctx.onAddSegment;
  const addTop = onAddSegment ? (order: number) => onAddSegment(null, order) : undefined;
  if (segments.length === 0) {
    return (
      <>
        <p className="m-0 py-3 text-center text-sm text-fg-muted">
          Este cuestionario no tiene segmentos aún.
        </p>
        {addTop && <SegmentInsertionPoint order={0} onAddSegment={addTop} />}
      </>
    );
  }
  return (
    <>
      {addTop && <SegmentInsertionPoint order={segments[0]!.order} onAddSegment={addTop} />}
      {segments.map((segment, i) => (
        <Fragment key={segment.id}>
          <DeferredSegment segment={segment} eager={!deferred || i === 0} headingLevel={2}>
            <DesignerSegment
              segment={segment}
              isFirst={i === 0}
              isLast={i === segments.length - 1}
              level={2}
              ctx={ctx}
            />
          </DeferredSegment>
          {addTop && <SegmentInsertionPoint order={segment.order + 1} onAddSegment={addTop} />}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The survey designer (spec 2 §2) with plain props: name, description and total points; the
 * warning 'Este cuestionario tiene errores de validación:'; 'Agregar Segmento' before and after
 * every top-level segment; segment cards and question blocks with their warnings, moves (hidden
 * at the ends), edit and delete; insertion points for a question or a sub-segment between items;
 * options with their locks and skip logic by name. Loading, failure and invalid id show
 * 'Cargando encuesta...', 'Error al cargar la encuesta.' and 'Id de cuestionario inválido'.
 */
export function SurveyDesigner({
  status,
  survey,
  isBusy,
  toolbar,
  ...actions
}: SurveyDesignerProps) {
  const names = useMemo(() => (survey ? itemNames(survey) : new Map<string, string>()), [survey]);
  if (status === 'invalid-id') return <DesignerAlert>Id de cuestionario inválido</DesignerAlert>;
  if (status === 'error' || (status === 'ready' && !survey)) {
    return <DesignerAlert>Error al cargar la encuesta.</DesignerAlert>;
  }
  if (status === 'loading' || !survey) {
    return (
      <div className="flex items-center gap-3 py-8 text-sm text-fg-muted">
        <Spinner label="Cargando encuesta..." />
        <span aria-hidden="true">Cargando encuesta...</span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <DesignerHeader survey={survey} toolbar={toolbar} />
      <ItemValidationWarning item={survey} title="Este cuestionario tiene errores de validación:" />
      <TopSegments survey={survey} ctx={{ ...actions, names, isBusy }} />
    </div>
  );
}
