import { useId, useMemo, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { Button, ComboBox, type Key, Tag, TagGroup, TagList } from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { CloseIcon } from '../../icons';
import { focusRing } from '../../lib/styles';
import { splitSearchFieldProps, useKnownItems, useSearchField } from '../combo-box/search-field';
import { SearchFieldParts } from '../combo-box/search-field-parts';
import { fieldStackStyles, type FieldBaseProps } from '../field';
import type { SelectOption } from '../select';

const EMPTY: readonly Key[] = [];

export interface MultiSelectProps<T extends SelectOption> extends FieldBaseProps {
  /** Options (`{ id, name }`); with `onSearchChange` these are the server's current results. */
  items: readonly T[];
  /** Chosen ids. */
  value?: readonly Key[] | null;
  /** Called with the new list of chosen ids. */
  onChange?: (value: Key[]) => void;
  /** Called when focus leaves the search input (react-hook-form `field.onBlur`). */
  onBlur?: (event: FocusEvent<Element>) => void;
  /**
   * Server search: receives the typed text 500 ms after the last keystroke once it has at least
   * 3 characters, and '' when it goes back below. Without it, `items` are filtered here.
   */
  onSearchChange?: (search: string) => void;
  /** Chosen options that may be missing from `items` (server search), to name their chips. */
  selectedItems?: readonly T[];
  /** Text of the empty search input. */
  placeholder?: string;
  /** Shows a spinner while options load. */
  isLoading?: boolean;
  /** Text when no option matches (default 'Sin resultados'). */
  emptyText?: string;
  /** Whether the value fails validation (shown once `isTouched`). */
  isInvalid?: boolean;
  /** Marks the field as required (visual '*' and aria-required). */
  isRequired?: boolean;
  /** Disables the search and the chips. */
  isDisabled?: boolean;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
  /** Ref to the search `<input>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  /** Characters needed before searching (default 3). */
  minSearchLength?: number;
  /** Form field name. */
  name?: string;
  /** Extra classes for the outer element. */
  className?: string;
  /** The next page of a long list (server paging), asked when the end of the list shows. */
  onLoadMore?: () => void;
  /** Shows the spinner at the end of the list while the next page loads. */
  isLoadingMore?: boolean;
}

/**
 * Multiple choice with removable chips: a react-aria `ComboBox` in multiple selection mode (the
 * list stays open, Enter toggles the focused option) plus a `TagGroup` of the chosen options.
 * A chip is removed with its 'Quitar {x}' button, or with Delete/Backspace when focused;
 * Backspace in the empty search removes the last chip.
 */
export function MultiSelect<T extends SelectOption>(allProps: MultiSelectProps<T>) {
  const [field, own] = splitSearchFieldProps<T, MultiSelectProps<T>>(allProps);
  const { value, onChange, onBlur, selectedItems, isRequired, name, className } = own;
  const chosen = value ?? EMPTY;
  const known = useKnownItems(field.items, selectedItems);
  const { text, setText, search, loaded, filtersHere, matches, invalid, parts } =
    useSearchField(field);
  const shownItems = useMemo(
    () => (filtersHere ? loaded.filter((item) => matches(item.name)) : loaded),
    [loaded, filtersHere, matches],
  );
  const off = Boolean(own.isDisabled || own.disabled);
  const ariaLabel = own['aria-label'];

  const setChosen = (keys: Key[]) => onChange?.(keys);
  const clearSearch = () => {
    setText('');
    search.reset();
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    parts.onInputKeyDown(event);
    if (event.key === 'Backspace' && text === '' && chosen.length > 0) {
      setChosen(chosen.slice(0, -1));
    }
  };

  return (
    <div className={twMerge(fieldStackStyles, className)}>
      <ComboBox<T, 'multiple'>
        items={shownItems}
        selectionMode="multiple"
        value={chosen as Key[]}
        onChange={(keys) => setChosen([...keys])}
        inputValue={text}
        onInputChange={(next) => {
          setText(next);
          search.update(next);
        }}
        // The search text only lives while the list is open (else react-aria would reopen it).
        onOpenChange={(isOpen) => {
          if (!isOpen) clearSearch();
        }}
        onBlur={(event) => {
          clearSearch();
          onBlur?.(event);
        }}
        aria-label={field.label ? undefined : ariaLabel}
        allowsEmptyCollection
        isRequired={isRequired}
        isDisabled={off}
        isInvalid={invalid}
        validationBehavior="aria"
        name={name}
        className={fieldStackStyles}
      >
        <SearchFieldParts
          {...parts}
          placeholder={parts.placeholder ?? 'Buscar…'}
          isRequired={isRequired}
          onInputKeyDown={onInputKeyDown}
          items={shownItems}
        />
      </ComboBox>
      <Chips
        chips={chosen.map((id) => ({ id, name: known.get(id)?.name ?? String(id) }))}
        fieldName={field.label ?? ariaLabel ?? ''}
        isDisabled={off}
        onRemove={(keys) => setChosen(chosen.filter((key) => !keys.has(key)))}
      />
    </div>
  );
}

/** The chosen options as removable chips, named '{field} seleccionados'. */
function Chips({
  chips,
  fieldName,
  isDisabled,
  onRemove,
}: {
  chips: { id: Key; name: string }[];
  fieldName: string;
  isDisabled: boolean;
  onRemove: (keys: Set<Key>) => void;
}) {
  const labelId = useId();
  if (chips.length === 0) return null;
  return (
    <TagGroup
      aria-labelledby={labelId}
      onRemove={isDisabled ? undefined : onRemove}
      disabledKeys={isDisabled ? chips.map((c) => c.id) : undefined}
      className="flex flex-col gap-1"
    >
      <span id={labelId} className="sr-only">
        {`${fieldName} seleccionados`.trim()}
      </span>
      <TagList items={chips} className="flex flex-wrap gap-1.5">
        {(chip) => (
          <Tag
            id={chip.id}
            textValue={chip.name}
            className={(state) =>
              focusRing({
                ...state,
                className: [
                  'inline-flex max-w-full cursor-default items-center gap-1 rounded-full',
                  'bg-brand-soft py-0.5 ps-2.5 pe-1 text-xs font-medium text-brand-soft-fg',
                ].join(' '),
              })
            }
          >
            <span className="truncate">{chip.name}</span>
            {!isDisabled && (
              <Button
                slot="remove"
                // react-aria appends the chip's own label: the name reads 'Quitar {x}'.
                aria-label="Quitar"
                className="flex size-5 cursor-pointer items-center justify-center rounded-full outline-none data-focus-visible:outline-2 data-focus-visible:outline-focus data-hovered:bg-brand-soft-fg/15"
              >
                <CloseIcon className="size-3.5" />
              </Button>
            )}
          </Tag>
        )}
      </TagList>
    </TagGroup>
  );
}
