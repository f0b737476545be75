import { useId, type ReactNode } from 'react';
import { Button as RACButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import {
  AlertTriangleIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronDownIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
} from '../../icons';
import { focusRing } from '../../lib/styles';
import { formatPoints } from '../../format';
import { Button } from '../button';

/** 'N puntos' (es-MX, at most 2 decimals). */
export function pointsText(points: number): string {
  return `${formatPoints(points)} ${points === 1 ? 'punto' : 'puntos'}`;
}

/** Small pill with the points of a segment, question or option. */
export function PointsBadge({ points, className }: { points: number; className?: string }) {
  return (
    <span
      className={twMerge(
        'inline-flex shrink-0 items-center rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-soft-fg',
        className,
      )}
    >
      {pointsText(points)}
    </span>
  );
}

export interface ItemActionsProps {
  /** The thing acted on, in Spanish: 'segmento', 'pregunta', 'opción'. */
  noun: string;
  /** Hides 'Subir' (first item). */
  isFirst?: boolean;
  /** Hides 'Bajar' (last item). */
  isLast?: boolean;
  /** Moves the item one place up; the button is hidden without it. */
  onMoveUp?: () => void;
  /** Moves the item one place down; the button is hidden without it. */
  onMoveDown?: () => void;
  /** Opens the edit form; the button is hidden without it. */
  onEdit?: () => void;
  /** Asks to delete; the button is hidden without it. */
  onDelete?: () => void;
  /** Disables every action, e.g. while a move is saved. */
  isDisabled?: boolean;
}

/** Move up / move down / edit / delete buttons named 'Subir {noun}', 'Bajar {noun}', ... */
export function ItemActions({
  noun,
  isFirst = false,
  isLast = false,
  onMoveUp,
  onMoveDown,
  onEdit,
  onDelete,
  isDisabled,
}: ItemActionsProps) {
  const actions = [
    {
      verb: 'Subir',
      onPress: isFirst ? undefined : onMoveUp,
      icon: <ArrowUpIcon className="size-4" />,
    },
    {
      verb: 'Bajar',
      onPress: isLast ? undefined : onMoveDown,
      icon: <ArrowDownIcon className="size-4" />,
    },
    { verb: 'Editar', onPress: onEdit, icon: <PencilIcon className="size-4" /> },
    { verb: 'Eliminar', onPress: onDelete, icon: <TrashIcon className="size-4 text-danger" /> },
  ];
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      {actions.map(
        ({ verb, onPress, icon }) =>
          onPress && (
            <Button
              key={verb}
              variant="icon"
              size="sm"
              aria-label={`${verb} ${noun}`}
              onPress={onPress}
              isDisabled={isDisabled}
            >
              {icon}
            </Button>
          ),
      )}
    </div>
  );
}

/** Warning box: a title such as 'Este segmento tiene errores de validación:' and the errors. */
export function ValidationWarning({ title, errors }: { title: string; errors: readonly string[] }) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="flex gap-2 rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" />
      <div>
        <p id={id} className="font-semibold">
          {title}
        </p>
        {errors.length > 0 && (
          <ul className="mt-1 list-disc ps-5">
            {errors.map((error, i) => (
              <li key={`${i}-${error}`}>{error}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A designer item's warning box, shown only when the item has validation errors. */
export function ItemValidationWarning({
  item,
  title,
}: {
  item: { isValid?: boolean; errors?: readonly string[] };
  title: string;
}) {
  return hasValidationErrors(item) ? (
    <ValidationWarning title={title} errors={item.errors ?? []} />
  ) : null;
}

/** Whether a designer item must show its validation warning. */
export function hasValidationErrors(item: { isValid?: boolean; errors?: readonly string[] }) {
  return item.isValid === false || (item.errors?.length ?? 0) > 0;
}

export interface InsertionPointProps {
  /** The order the new item takes (its position among the segment's items). */
  order: number;
  /** Adds a question at this position; the button is hidden without it. */
  onAddQuestion?: (order: number) => void;
  /** Adds a segment at this position; the button is hidden without it. */
  onAddSegment?: (order: number) => void;
}

/** A place between items offering 'Agregar pregunta' and 'Agregar segmento'. */
export function InsertionPoint({ order, onAddQuestion, onAddSegment }: InsertionPointProps) {
  if (!onAddQuestion && !onAddSegment) return null;
  const where = `en la posición ${order + 1}`;
  const adds = [
    { noun: 'pregunta', onAdd: onAddQuestion },
    { noun: 'segmento', onAdd: onAddSegment },
  ];
  return (
    <div className="group/insert flex items-center gap-2 py-1">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      {adds.map(
        ({ noun, onAdd }) =>
          onAdd && (
            <Button
              key={noun}
              variant="ghost"
              size="sm"
              aria-label={`Agregar ${noun} ${where}`}
              onPress={() => onAdd(order)}
              className="h-7 px-2 text-xs text-link"
            >
              <PlusIcon className="size-3.5" />
              {`Agregar ${noun}`}
            </Button>
          ),
      )}
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  );
}

/**
 * The designer's top-level 'Agregar Segmento' button (spec 2 §2: before and after every
 * top-level segment), named with its position for screen readers.
 */
export function SegmentInsertionPoint({
  order,
  onAddSegment,
}: {
  /** The order the new top-level segment takes. */
  order: number;
  /** Adds a top-level segment at this order. */
  onAddSegment: (order: number) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Agregar Segmento en la posición ${order + 1}`}
        onPress={() => onAddSegment(order)}
      >
        <PlusIcon className="size-4" />
        Agregar Segmento
      </Button>
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  );
}

export interface CollapsibleCardProps {
  /** Visible title; also names the region. */
  title: ReactNode;
  /** Heading level of the title (2..6). */
  headingLevel?: number;
  /** Content next to the title (type label, points). */
  meta?: ReactNode;
  /** Buttons at the end of the header (outside the toggle). */
  actions?: ReactNode;
  /** Open at first (default true). */
  defaultExpanded?: boolean;
  /** Body. */
  children: ReactNode;
  /** Extra classes of the card. */
  className?: string;
}

/** A card whose title toggles its body (react-aria `Disclosure`, heading + button pattern). */
export function CollapsibleCard({
  title,
  headingLevel = 3,
  meta,
  actions,
  defaultExpanded = true,
  children,
  className,
}: CollapsibleCardProps) {
  const level = Math.min(6, Math.max(2, headingLevel));
  const headingId = useId();
  return (
    // A region named by its title, so a card can be found (and announced) by its name.
    <section aria-labelledby={headingId}>
      <Disclosure
        defaultExpanded={defaultExpanded}
        className={twMerge('rounded-xl border border-border bg-surface', className)}
      >
        {({ isExpanded }) => (
          <>
            <div className="flex flex-wrap items-center gap-2 px-3 py-2">
              <Heading
                id={headingId}
                level={level}
                className="m-0 min-w-[min(100%,12rem)] flex-[1_1_12rem] text-base font-semibold text-fg"
              >
                <RACButton
                  slot="trigger"
                  className={(state) =>
                    focusRing({
                      ...state,
                      className:
                        'flex w-full min-w-0 cursor-pointer items-center gap-2 rounded-md py-1 text-start',
                    })
                  }
                >
                  <ChevronDownIcon
                    className={`size-4 shrink-0 text-fg-muted transition-transform ${isExpanded ? '' : '-rotate-90'}`}
                  />
                  <span className="min-w-0 break-words">{title}</span>
                </RACButton>
              </Heading>
              {meta && <div className="flex flex-wrap items-center gap-2">{meta}</div>}
              {actions}
            </div>
            <DisclosurePanel className="px-3 pb-3">
              <div className="flex flex-col gap-2">{children}</div>
            </DisclosurePanel>
          </>
        )}
      </Disclosure>
    </section>
  );
}
