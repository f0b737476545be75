import { useEffect, useMemo, type ReactNode } from 'react';
import { FieldFrame } from '../field-frame';
import { visitHref, type VisitView } from '../field-paths';
import type { StoredVisit } from '../store/db';
import type { PositionState } from '../use-position';
import { CheckOutScreen } from './check-out-screen';
import { SurveyRunner } from './survey-runner';
import { useVisit, type VisitHandle } from './use-visit';
import { VisitOverview } from './visit-overview';
import { closeSurvey, openSurvey, withSurveyAnswers } from './visit-rules';
import { storedSurvey, visitSurveys, type VisitSurvey } from './visit-surveys';

export interface VisitScreenProps {
  userId: number;
  uuid: string;
  view: VisitView;
  position: PositionState;
  /** Where 'Volver a la lista' goes. */
  listHref: string;
  navigate: (to: string) => void;
  /** Stores the checked-out visit (pending) and shows it on the list; the screen then leaves. */
  onFinished: (visit: StoredVisit) => Promise<void>;
}

type Ready = Extract<VisitHandle, { status: 'ready' }>;

/** A plain page of the visit: a way back and a message (loading, not found). */
function VisitMessage({ listHref, children }: { listHref: string; children: ReactNode }) {
  return (
    <FieldFrame backHref={listHref} backLabel="Volver a la lista">
      {children}
    </FieldFrame>
  );
}

/**
 * The visit at /campo/visita/<uuid>: its surveys, one survey, or the check-out, all from the
 * device store (it works offline and resumes where it was after a reload).
 */
export function VisitScreen(props: VisitScreenProps) {
  const handle = useVisit(props.userId, props.uuid);
  if (handle.status === 'loading') {
    return (
      <VisitMessage listHref={props.listHref}>
        <p className="text-fg-muted">Cargando la visita…</p>
      </VisitMessage>
    );
  }
  if (handle.status === 'missing') {
    return (
      <VisitMessage listHref={props.listHref}>
        <p role="alert">Esta visita no está guardada en este teléfono.</p>
      </VisitMessage>
    );
  }
  return <VisitPages {...props} handle={handle} />;
}

/** The visit's page, with what could not be written to the phone above it. */
function VisitPages(props: VisitScreenProps & { handle: Ready }) {
  return (
    <>
      {props.handle.problem && (
        <p role="alert" className="bg-danger-solid p-3 text-center text-sm text-danger-fg">
          {props.handle.problem}
        </p>
      )}
      <VisitPage {...props} />
    </>
  );
}

function VisitPage({
  handle,
  view,
  uuid,
  navigate,
  ...props
}: VisitScreenProps & { handle: Ready }) {
  const { visit, work } = handle;
  const targets = useMemo(() => (work ? visitSurveys(work.data, visit) : []), [work, visit]);
  if (visit.state !== 'draft') {
    return (
      <VisitMessage listHref={props.listHref}>
        <p role="status">Esta visita ya se terminó: su envío se sigue en «Pendientes de enviar».</p>
      </VisitMessage>
    );
  }
  const overview = visitHref(uuid);
  const target = view.kind === 'survey' ? targets.find((t) => t.key === view.key) : undefined;
  if (target) {
    return <SurveyPage handle={handle} target={target} backHref={overview} navigate={navigate} />;
  }
  if (view.kind === 'check-out') {
    return (
      <CheckOutScreen
        visit={visit}
        targets={targets}
        position={props.position}
        backHref={overview}
        onFinish={async (finished) => {
          await props.onFinished(finished);
          navigate(props.listHref);
        }}
      />
    );
  }
  return (
    <VisitOverview
      handle={handle}
      targets={targets}
      listHref={props.listHref}
      surveyHref={(key) => visitHref(uuid, { kind: 'survey', key })}
      checkOutHref={visitHref(uuid, { kind: 'check-out' })}
    />
  );
}

/** One survey: opened (stamped) the first time it is shown, then answered in the runner. */
function SurveyPage({
  handle,
  target,
  backHref,
  navigate,
}: {
  handle: Ready;
  target: VisitSurvey;
  backHref: string;
  navigate: (to: string) => void;
}) {
  const stored = storedSurvey(handle.visit, target.key);
  const { update } = handle;
  useEffect(() => {
    if (!stored) void update((visit) => openSurvey(visit, target, new Date()));
  }, [stored, update, target]);
  if (!stored) return null;
  return (
    <SurveyRunner
      target={target}
      stored={stored}
      updateAnswers={(change) =>
        void update((visit) =>
          withSurveyAnswers(
            visit,
            target.key,
            change(storedSurvey(visit, target.key)?.answers ?? []),
          ),
        )
      }
      addPhoto={handle.addPhoto}
      photoUrl={handle.photoUrl}
      backHref={backHref}
      onDone={() => {
        void update((visit) => closeSurvey(visit, target.key, new Date())).then(() =>
          navigate(backHref),
        );
      }}
    />
  );
}
