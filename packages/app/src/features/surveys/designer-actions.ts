import {
  SURVEY_RESOURCES,
  deleteMutationOptions,
  moveMutationOptions,
  type MovableResource,
  type MoveDirection,
  type MultipleOption,
  type QuestionNode,
  type SegmentNode,
  type SurveyTree,
} from '@anaquel/api';
import type { SurveyDesignerActions } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { MUTATION_META, notifyMutationFailure } from '../../components/resource/feedback';
import { notify } from '../../lib/notify';
import type { OptionFormTarget } from './option-form';
import type { QuestionFormTarget } from './question-form';
import type { SegmentFormTarget } from './segment-form';
import { optionTexts, questionTexts, segmentTexts } from './texts';

/** What the designer has open: a form, a delete confirmation, the preview or the copy. */
export type DesignerDialog =
  | { kind: 'segment'; target: SegmentFormTarget }
  | { kind: 'question'; target: QuestionFormTarget }
  | { kind: 'option'; target: OptionFormTarget }
  | { kind: 'delete'; resource: MovableResource; id: number }
  | { kind: 'preview' }
  | { kind: 'duplicate' };

export const DESIGNER_TEXTS = {
  '/segments': segmentTexts,
  '/questions': questionTexts,
  '/multipleoptions': optionTexts,
} as const;

/** Move and delete of one movable/deletable resource of the designer, with their toasts. */
function useItemMutations(resource: MovableResource) {
  const texts = DESIGNER_TEXTS[resource];
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

export type ItemMutations = Record<MovableResource, ReturnType<typeof useItemMutations>>;

/** The moves and deletes of segments, questions and options, and whether any is saving. */
export function useDesignerMutations(): { mutations: ItemMutations; isBusy: boolean } {
  const segments = useItemMutations('/segments');
  const questions = useItemMutations('/questions');
  const options = useItemMutations('/multipleoptions');
  return {
    mutations: { '/segments': segments, '/questions': questions, '/multipleoptions': options },
    isBusy: segments.isPending || questions.isPending || options.isPending,
  };
}

/** What the designer's buttons need: permissions, the dialog opener, the moves. */
interface ActionContext {
  can: (code: string) => boolean;
  open: (dialog: DesignerDialog) => void;
  mutations: ItemMutations;
}

function segmentActions(
  survey: SurveyTree | undefined,
  { can, open, mutations }: ActionContext,
): SurveyDesignerActions {
  return {
    ...(can('CREATE_SEGMENTS') &&
      survey && {
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
      }),
    ...(can('UPDATE_SEGMENTS') && {
      onEditSegment: (segment) =>
        open({ kind: 'segment', target: { mode: 'edit', segment: segment as SegmentNode } }),
      onMoveSegment: (segment, direction) =>
        mutations['/segments'].move(Number(segment.id), direction),
    }),
    ...(can('DELETE_SEGMENTS') && {
      onDeleteSegment: (segment) =>
        open({ kind: 'delete', resource: '/segments', id: Number(segment.id) }),
    }),
  };
}

function questionActions({ can, open, mutations }: ActionContext): SurveyDesignerActions {
  return {
    ...(can('CREATE_QUESTIONS') && {
      onAddQuestion: (segment, order) =>
        open({
          kind: 'question',
          target: { mode: 'create', segmentId: Number(segment.id), order },
        }),
    }),
    ...(can('UPDATE_QUESTIONS') && {
      onEditQuestion: (question) =>
        open({ kind: 'question', target: { mode: 'edit', question: question as QuestionNode } }),
      onMoveQuestion: (question, direction) =>
        mutations['/questions'].move(Number(question.id), direction),
    }),
    ...(can('DELETE_QUESTIONS') && {
      onDeleteQuestion: (question) =>
        open({ kind: 'delete', resource: '/questions', id: Number(question.id) }),
    }),
  };
}

function optionActions({ can, open, mutations }: ActionContext): SurveyDesignerActions {
  return {
    ...(can('CREATE_MULTIPLEOPTIONS') && {
      onAddOption: (question) =>
        open({
          kind: 'option',
          target: { mode: 'create', questionId: Number(question.id), questionType: question.type },
        }),
    }),
    ...(can('UPDATE_MULTIPLEOPTIONS') && {
      onEditOption: (option, question) =>
        open({
          kind: 'option',
          target: { mode: 'edit', option: option as MultipleOption, questionType: question.type },
        }),
      onMoveOption: (option, _question, direction) =>
        mutations['/multipleoptions'].move(Number(option.id), direction),
    }),
    ...(can('DELETE_MULTIPLEOPTIONS') && {
      onDeleteOption: (option) =>
        open({ kind: 'delete', resource: '/multipleoptions', id: Number(option.id) }),
    }),
  };
}

/**
 * The designer's edit buttons (spec 2 §6: each only with its permission code). A survey in use
 * (docs/surveys.md 'In use') refuses every structural change, so it gets none: it is read-only.
 */
export function designerActions(
  survey: SurveyTree | undefined,
  context: ActionContext,
): SurveyDesignerActions {
  if (survey?.firstAnswerAt) return {};
  return {
    ...segmentActions(survey, context),
    ...questionActions(context),
    ...optionActions(context),
  };
}
