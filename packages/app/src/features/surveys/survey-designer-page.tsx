import {
  SURVEY_RESOURCES,
  deleteMutationOptions,
  moveMutationOptions,
  surveyTreeQueryOptions,
  type MovableResource,
  type MoveDirection,
  type MultipleOption,
  type QuestionNode,
  type SegmentNode,
  type SurveyTree,
} from '@anaquel/api';
import {
  ArrowLeftIcon,
  Button,
  ConfirmDialog,
  EyeIcon,
  InfoIcon,
  LayersIcon,
  Link,
  Modal,
  SurveyDesigner,
  SurveyPreview,
  type SurveyDesignerActions,
} from '@anaquel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { parseRouteId } from '../../components/resource';
import { MUTATION_META, notifyMutationFailure } from '../../components/resource/feedback';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth-store';
import { DuplicateSurveyModal } from './duplicate-survey-modal';
import { OptionFormModal, type OptionFormTarget } from './option-form';
import { QuestionFormModal, type QuestionFormTarget } from './question-form';
import { SegmentFormModal, type SegmentFormTarget } from './segment-form';
import { optionTexts, questionTexts, segmentTexts } from './texts';

type Dialog =
  | { kind: 'segment'; target: SegmentFormTarget }
  | { kind: 'question'; target: QuestionFormTarget }
  | { kind: 'option'; target: OptionFormTarget }
  | { kind: 'delete'; resource: MovableResource; id: number }
  | { kind: 'preview' }
  | { kind: 'duplicate' };

const TEXTS = {
  '/segments': segmentTexts,
  '/questions': questionTexts,
  '/multipleoptions': optionTexts,
} as const;

const NONE: readonly string[] = [];

/** Hooks of one movable/deletable resource of the designer: its move and delete with their toasts. */
function useItemMutations(resource: MovableResource) {
  const texts = TEXTS[resource];
  const move = useMutation({ ...moveMutationOptions(resource), meta: MUTATION_META });
  const remove = useMutation({
    ...deleteMutationOptions(resource, { invalidates: SURVEY_RESOURCES }),
    meta: MUTATION_META,
  });
  return {
    isPending: move.isPending || remove.isPending,
    move: (id: number, direction: MoveDirection) =>
      move.mutate(
        { id, direction },
        {
          onSuccess: () => notify(direction === 'up' ? texts.movedUp : texts.movedDown, 'success'),
          onError: (error) =>
            notifyMutationFailure(
              error,
              direction === 'up' ? texts.moveUpFailed : texts.moveDownFailed,
            ),
        },
      ),
    remove: async (id: number) => {
      try {
        await remove.mutateAsync(id);
        notify(texts.deleted, 'success');
      } catch (error) {
        notifyMutationFailure(error, texts.deleteFailed);
      }
    },
  };
}

/** The in-use note, with 'Duplicar cuestionario' for whoever may create surveys. */
function InUseBanner({ onDuplicate }: { onDuplicate: (() => void) | undefined }) {
  return (
    <div
      role="note"
      className="m-0 flex flex-wrap items-center gap-2 rounded-lg border border-info/40 bg-info-soft px-3 py-2 text-sm text-info-soft-fg"
    >
      <InfoIcon className="size-4 shrink-0" />
      <p className="m-0 flex-1">
        El cuestionario ya tiene respuestas registradas; duplícalo para modificarlo.
      </p>
      {onDuplicate && (
        <Button variant="secondary" size="sm" onPress={onDuplicate}>
          <LayersIcon className="size-4" />
          Duplicar cuestionario
        </Button>
      )}
    </div>
  );
}

/**
 * The survey designer `/surveys/:surveyId` (spec 2 §2): the tree from `GET surveys/{id}` with the
 * server's validity, every change in a modal or a one-step move, each followed by a refetch of
 * the tree in place (no reload, the scroll stays), and a preview that saves nothing.
 */
export default function SurveyDesignerPage() {
  const { surveyId } = useParams();
  const id = parseRouteId(surveyId);
  const tree = useQuery({ ...surveyTreeQueryOptions(id ?? 0), enabled: id !== null });
  const permissions = useAuthStore((s) => s.user?.permissions ?? NONE);
  const can = (code: string) => permissions.includes(code);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A new key per opening gives every opening a fresh form.
  const [dialogKey, setDialogKey] = useState(0);
  const open = (next: Dialog) => {
    setDialogKey((k) => k + 1);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const segments = useItemMutations('/segments');
  const questions = useItemMutations('/questions');
  const options = useItemMutations('/multipleoptions');
  const mutations = { '/segments': segments, '/questions': questions, '/multipleoptions': options };
  const isBusy = segments.isPending || questions.isPending || options.isPending;

  const survey: SurveyTree | undefined = tree.data;
  const status = id === null ? 'invalid-id' : tree.isError ? 'error' : survey ? 'ready' : 'loading';

  // A survey in use (docs/surveys.md 'In use') refuses every structural change: it is shown
  // read-only, and its banner offers the copy instead.
  const inUse = Boolean(survey?.firstAnswerAt);
  // spec 2 §6: each button only with its permission code.
  const editActions: SurveyDesignerActions = {
    ...(can('CREATE_SEGMENTS') && survey
      ? {
          onAddSegment: (parentId, order) =>
            open({
              kind: 'segment',
              target: {
                mode: 'create',
                surveyId: survey.id,
                parentId: parentId === null ? null : Number(parentId),
                order,
              },
            }),
        }
      : {}),
    ...(can('UPDATE_SEGMENTS')
      ? {
          onEditSegment: (segment) =>
            open({ kind: 'segment', target: { mode: 'edit', segment: segment as SegmentNode } }),
          onMoveSegment: (segment, direction) => segments.move(Number(segment.id), direction),
        }
      : {}),
    ...(can('DELETE_SEGMENTS')
      ? {
          onDeleteSegment: (segment) =>
            open({ kind: 'delete', resource: '/segments', id: Number(segment.id) }),
        }
      : {}),
    ...(can('CREATE_QUESTIONS')
      ? {
          onAddQuestion: (segment, order) =>
            open({
              kind: 'question',
              target: { mode: 'create', segmentId: Number(segment.id), order },
            }),
        }
      : {}),
    ...(can('UPDATE_QUESTIONS')
      ? {
          onEditQuestion: (question) =>
            open({
              kind: 'question',
              target: { mode: 'edit', question: question as QuestionNode },
            }),
          onMoveQuestion: (question, direction) => questions.move(Number(question.id), direction),
        }
      : {}),
    ...(can('DELETE_QUESTIONS')
      ? {
          onDeleteQuestion: (question) =>
            open({ kind: 'delete', resource: '/questions', id: Number(question.id) }),
        }
      : {}),
    ...(can('CREATE_MULTIPLEOPTIONS')
      ? {
          onAddOption: (question) =>
            open({
              kind: 'option',
              target: {
                mode: 'create',
                questionId: Number(question.id),
                questionType: question.type,
              },
            }),
        }
      : {}),
    ...(can('UPDATE_MULTIPLEOPTIONS')
      ? {
          onEditOption: (option, question) =>
            open({
              kind: 'option',
              target: {
                mode: 'edit',
                option: option as MultipleOption,
                questionType: question.type,
              },
            }),
          onMoveOption: (option, _question, direction) =>
            options.move(Number(option.id), direction),
        }
      : {}),
    ...(can('DELETE_MULTIPLEOPTIONS')
      ? {
          onDeleteOption: (option) =>
            open({ kind: 'delete', resource: '/multipleoptions', id: Number(option.id) }),
        }
      : {}),
  };

  const actions = inUse ? {} : editActions;

  const toolbar = (
    <>
      <Link href="/surveys" variant="ghost" className="h-8 px-3">
        <ArrowLeftIcon className="size-4" />
        Cuestionarios
      </Link>
      {survey && (
        <Button variant="secondary" size="sm" onPress={() => open({ kind: 'preview' })}>
          <EyeIcon className="size-4" />
          Vista previa
        </Button>
      )}
    </>
  );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      {status !== 'ready' && <div className="flex flex-wrap gap-2">{toolbar}</div>}
      {survey && inUse && (
        <InUseBanner
          onDuplicate={can('CREATE_SURVEYS') ? () => open({ kind: 'duplicate' }) : undefined}
        />
      )}
      <SurveyDesigner
        status={status}
        survey={survey}
        isBusy={isBusy}
        toolbar={status === 'ready' ? toolbar : undefined}
        {...actions}
      />

      {dialog?.kind === 'segment' && (
        <SegmentFormModal
          key={dialogKey}
          target={dialog.target}
          isOpen
          onOpenChange={(isOpen) => !isOpen && close()}
        />
      )}
      {dialog?.kind === 'question' && (
        <QuestionFormModal
          key={dialogKey}
          target={dialog.target}
          isOpen
          onOpenChange={(isOpen) => !isOpen && close()}
        />
      )}
      {dialog?.kind === 'option' && (
        <OptionFormModal
          key={dialogKey}
          target={dialog.target}
          tree={survey}
          isOpen
          onOpenChange={(isOpen) => !isOpen && close()}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          key={dialogKey}
          isOpen
          onOpenChange={(isOpen) => !isOpen && close()}
          title={TEXTS[dialog.resource].deleteTitle}
          message={TEXTS[dialog.resource].confirmDelete}
          confirmLabel="Eliminar"
          isPending={mutations[dialog.resource].isPending}
          onConfirm={() => {
            void mutations[dialog.resource].remove(dialog.id).then(close);
          }}
        />
      )}
      {dialog?.kind === 'duplicate' && survey && (
        <DuplicateSurveyModal
          key={dialogKey}
          survey={survey}
          isOpen
          onOpenChange={(isOpen) => !isOpen && close()}
        />
      )}
      {dialog?.kind === 'preview' && survey && (
        <Modal
          key={dialogKey}
          title={`Vista previa: ${survey.name}`}
          size="xl"
          isOpen
          onOpenChange={(isOpen) => !isOpen && close()}
        >
          <p className="mb-3 text-sm text-fg-muted">
            Responde como lo haría un promotor. Nada de lo que respondas aquí se guarda.
          </p>
          <SurveyPreview survey={survey} />
        </Modal>
      )}
    </div>
  );
}
