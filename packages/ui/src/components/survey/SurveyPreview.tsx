import { useMemo, useState } from 'react';
import { Button } from '../button';
import { formatPoints } from '../../format';
import { evaluatePreview, toEngineSurvey, type PreviewState } from './preview-engine';
import {
  segmentItems,
  sortedSegments,
  type PreviewAnswer,
  type PreviewAnswers,
} from './preview-logic';
import { PreviewQuestion } from './PreviewQuestion';
import type { SurveyTreeSegment, SurveyTreeView } from './types';

/** 'x de y puntos' (es-MX). */
export function scoreText(points: number, maxPoints: number): string {
  return `${formatPoints(points)} de ${formatPoints(maxPoints)} ${maxPoints === 1 ? 'punto' : 'puntos'}`;
}

export interface SurveyPreviewProps {
  /** The questionnaire tree (the designer's). */
  survey: SurveyTreeView;
  /** Initial answers (stories, tests). */
  defaultAnswers?: PreviewAnswers;
}

interface Ctx {
  answers: PreviewAnswers;
  hidden: PreviewState['hidden'];
  errors: PreviewState['errors'];
  touched: ReadonlySet<string>;
  showAll: boolean;
  setAnswer: (id: string, answer: PreviewAnswer) => void;
}

function PreviewSegment({
  segment,
  level,
  ctx,
}: {
  segment: SurveyTreeSegment;
  level: number;
  ctx: Ctx;
}) {
  const Heading = `h${Math.min(6, level)}` as 'h3';
  const title = segment.name?.trim() || 'Segmento sin nombre';
  const items = segmentItems(segment).filter((item) =>
    item.kind === 'question'
      ? !ctx.hidden.questions.has(String(item.item.id))
      : !ctx.hidden.segments.has(String(item.item.id)),
  );
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-muted/40 p-3"
    >
      <Heading className="m-0 text-base font-semibold break-words text-fg">{title}</Heading>
      {segment.description && <p className="text-sm text-fg-muted">{segment.description}</p>}
      {items.length === 0 && (
        <p className="text-sm text-fg-muted">No hay preguntas por responder en este segmento.</p>
      )}
      {items.map((item) => {
        if (item.kind === 'segment') {
          return (
            <PreviewSegment
              key={`s-${item.item.id}`}
              segment={item.item}
              level={level + 1}
              ctx={ctx}
            />
          );
        }
        const id = String(item.item.id);
        const answer = ctx.answers[id];
        const show = ctx.showAll || ctx.touched.has(id);
        return (
          <PreviewQuestion
            key={`q-${id}`}
            question={item.item}
            answer={answer}
            onChange={(next) => ctx.setAnswer(id, next)}
            errors={show ? (ctx.errors.get(id) ?? []) : []}
            headingLevel={level + 1}
          />
        );
      })}
    </section>
  );
}

/**
 * The survey as a promoter fills it, with nothing saved: the skip logic hides segments and
 * questions live, the running score reads 'x de y puntos' (only visible questions count), and
 * 'Revisar respuestas' shows every question's pending rule.
 */
export function SurveyPreview({ survey, defaultAnswers = {} }: SurveyPreviewProps) {
  const [answers, setAnswers] = useState<PreviewAnswers>(defaultAnswers);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const engineSurvey = useMemo(() => toEngineSurvey(survey), [survey]);
  const { hidden, errors, score } = useMemo(
    () => evaluatePreview(engineSurvey, answers),
    [engineSurvey, answers],
  );
  const ctx: Ctx = {
    answers,
    hidden,
    errors,
    touched,
    showAll,
    setAnswer: (id, answer) => {
      setAnswers((prev) => ({ ...prev, [id]: answer }));
      setTouched((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
    },
  };
  const segments = sortedSegments(survey.segments).filter(
    (segment) => !hidden.segments.has(String(segment.id)),
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface px-3 py-2 shadow-sm">
        <p className="m-0 flex-1 text-sm text-fg">
          Puntaje:{' '}
          <output aria-live="polite" className="font-semibold tabular-nums">
            {scoreText(score.points, score.maxPoints)}
          </output>
        </p>
        <Button variant="secondary" size="sm" onPress={() => setShowAll(true)}>
          Revisar respuestas
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onPress={() => {
            setAnswers({});
            setTouched(new Set());
            setShowAll(false);
          }}
        >
          Reiniciar
        </Button>
      </div>
      {showAll && (
        <p role="status" className="m-0 text-sm font-medium text-fg">
          {score.pending === 0
            ? 'Todas las preguntas visibles están respondidas correctamente.'
            : `${score.pending} ${score.pending === 1 ? 'pregunta necesita' : 'preguntas necesitan'} atención.`}
        </p>
      )}
      {segments.length === 0 ? (
        <p className="text-sm text-fg-muted">El cuestionario no tiene segmentos.</p>
      ) : (
        segments.map((segment) => (
          <PreviewSegment key={segment.id} segment={segment} level={3} ctx={ctx} />
        ))
      )}
    </div>
  );
}
