import {
  SURVEY_RESOURCES,
  createMutationOptions,
  updateMutationOptions,
  type CreateBody,
  type UpdateBody,
} from '@anaquel/api';
import {
  QuestionType,
  allowsOtherOption,
  needsOptionsCount,
  questionTypeLabel,
  type SkipTarget,
} from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import {
  FormMultiSelect,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextArea,
  FormTextField,
  type FormControl,
} from '../../components/resource';
import { MUTATION_META, notifyMutationFailure } from '../../components/resource/feedback';
import { notify } from '../../lib/notify';
import type { OptionValues, QuestionValues, SegmentValues } from './survey-schemas';

// The parts the designer's forms (form-modal.tsx) and the list screens' forms share: the save of
// a segment, question or option with its toasts, and the fields of each (spec 2 §2, §4, §5).

type ItemResource = '/segments' | '/questions' | '/multipleoptions';

/** The spec 2 §8 toasts of a save. */
export interface SaveTexts {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/**
 * Creates (`id` null) or updates an item of a survey's tree, refreshing the tree and the four
 * lists; toasts the spec's success or failure text and rethrows a failure (for the form's
 * `validationErrors`).
 */
export function useSaveItem<R extends ItemResource>(resource: R, texts: SaveTexts) {
  const create = useMutation({
    ...createMutationOptions(resource, { invalidates: SURVEY_RESOURCES }),
    meta: MUTATION_META,
  });
  const update = useMutation({
    ...updateMutationOptions(resource, { invalidates: SURVEY_RESOURCES }),
    meta: MUTATION_META,
  });
  return async (body: CreateBody<R> & UpdateBody<R>, id: number | null): Promise<void> => {
    try {
      if (id === null) await create.mutateAsync(body);
      else await update.mutateAsync({ id, body });
    } catch (error) {
      notifyMutationFailure(error, id === null ? texts.createFailed : texts.updateFailed);
      throw error;
    }
    notify(id === null ? texts.created : texts.updated, 'success');
  };
}

// react-hook-form cannot narrow a field name of a generic form: the callers' values hold it.
const path = <T extends FieldValues>(name: string) => name as FieldPath<T>;

/** 'Orden' of the list screens' forms: empty puts the item at the end. */
function OrderField<T extends FieldValues & { order: number | null }>({
  control,
}: {
  control: FormControl<T>;
}) {
  return (
    <FormNumberField
      control={control}
      name={path<T>('order')}
      label="Orden"
      minValue={0}
      maxFractionDigits={0}
      description="Vacío: al final."
    />
  );
}

/** Name, description, points (and the order in the full form) of a segment. */
export function SegmentFields({
  control,
  full,
}: {
  control: FormControl<SegmentValues>;
  full: boolean;
}) {
  return (
    <>
      <FormTextField control={control} name="name" label="Nombre" isRequired />
      <FormTextArea control={control} name="description" label="Descripción" rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormNumberField control={control} name="points" label="Puntos" isRequired minValue={0} />
        {full && <OrderField control={control} />}
      </div>
    </>
  );
}

/** The 13 question types with their Spanish labels (spec 1 §9), for the type select. */
const QUESTION_TYPE_ITEMS = Object.values(QuestionType).map((id) => ({
  id,
  name: questionTypeLabel(id),
}));

/**
 * Type, description, points, option limit (7-9), the order in the full form and the four
 * switches of a question, with the type rules of spec 2 §4-§5.
 */
export function QuestionFields({
  form,
  full,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  form: UseFormReturn<QuestionValues, unknown, any>;
  full: boolean;
}) {
  const { control } = form;
  const type = form.watch('type');
  return (
    <>
      <FormSelect
        control={control}
        name="type"
        label="Tipo"
        isRequired
        items={QUESTION_TYPE_ITEMS}
        // spec 2 §4: a type without the extra option resets hasOther.
        onValueChange={(next) => {
          if (!allowsOtherOption(next)) form.setValue('hasOther', false, { shouldDirty: true });
          if (!needsOptionsCount(next)) {
            form.setValue('multipleOptionsCount', null, { shouldValidate: true });
          }
        }}
      />
      <FormTextArea control={control} name="description" label="Descripción" isRequired rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormNumberField control={control} name="points" label="Puntos" isRequired minValue={0} />
        {needsOptionsCount(type) && (
          <FormNumberField
            control={control}
            name="multipleOptionsCount"
            label="Límite de opciones"
            isRequired
            minValue={1}
            maxFractionDigits={0}
          />
        )}
        {full && <OrderField control={control} />}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormSwitch control={control} name="isOptional" label="Opcional" />
        <FormSwitch control={control} name="acceptsNA" label="Acepta N/A" />
        <FormSwitch control={control} name="hasPhoto" label="Pide foto" />
        {/* spec 2 §5: enabled only for 5, 6, 7, 8, 9 and 11; hidden for Si/No. */}
        {type !== QuestionType.YesNo && (
          <FormSwitch
            control={control}
            name="hasOther"
            label="Opción extra (Otro)"
            isDisabled={!allowsOtherOption(type)}
          />
        )}
      </div>
    </>
  );
}

/** Skip logic is for the choice types (Si/No to Número Exacto, and Rating). */
function hasSkipLogic(type: number | null | undefined): boolean {
  return (
    type != null &&
    ((type >= QuestionType.YesNo && type <= QuestionType.ExactChoicesCount) ||
      type === QuestionType.Rating)
  );
}

const SKIP_LOGIC_FIELDS = [
  {
    name: 'blurredSegmentIds',
    label: 'Segmentos que oculta',
    emptyText: 'No hay segmentos después de esta pregunta.',
  },
  {
    name: 'blurredQuestionIds',
    label: 'Preguntas que oculta',
    emptyText: 'No hay preguntas después de esta pregunta.',
  },
] as const;

const toItems = (targets: SkipTarget[]) => targets.map((t) => ({ id: Number(t.id), name: t.name }));

/**
 * Description and points of an option with the locks of spec 2 §5 (Si/No and 'Otro' keep their
 * text, Ranking options are worth 0), the order in the full form, and the skip logic of the
 * choice types: the segments and questions after its question, by name.
 */
export function OptionFields<T extends OptionValues>({
  control,
  locks,
  full,
  questionType,
  targets,
}: {
  control: FormControl<T>;
  locks: { description: boolean; points: boolean };
  full: boolean;
  questionType: number | null;
  targets: { segments: SkipTarget[]; questions: SkipTarget[] };
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={path<T>('description')}
        label="Descripción"
        isRequired
        isDisabled={locks.description}
        description={locks.description ? 'El texto de esta opción no se puede cambiar.' : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormNumberField
          control={control}
          name={path<T>('points')}
          label="Puntos"
          isRequired
          minValue={0}
          isDisabled={locks.points}
          description={locks.points ? 'Las opciones de un Ranking valen 0 puntos.' : undefined}
        />
        {full && <OrderField control={control} />}
      </div>
      {hasSkipLogic(questionType) && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-semibold text-fg">
            Lógica de salto: al elegir esta opción se ocultan
          </legend>
          {SKIP_LOGIC_FIELDS.map(({ name, label, emptyText }) => (
            <FormMultiSelect
              key={name}
              control={control}
              name={path<T>(name)}
              label={label}
              items={toItems(targets[name === 'blurredSegmentIds' ? 'segments' : 'questions'])}
              minSearchLength={0}
              emptyText={emptyText}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
