import {
  useContext,
  useEffect,
  useMemo,
  useRef,
  type FocusEvent,
  type Ref,
  type RefObject,
} from 'react';
import {
  ComboBox as RACComboBox,
  ComboBoxStateContext,
  type ComboBoxProps as RACComboBoxProps,
  type Key,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { fieldStackStyles, type FieldBaseProps } from '../field';
import type { SelectOption } from '../select';
import { useKnownItems, splitSearchFieldProps, useSearchField } from './search-field';
import { SearchFieldParts } from './search-field-parts';

export interface ComboBoxProps<T extends SelectOption>
  extends
    Omit<
      RACComboBoxProps<T>,
      | 'children'
      | 'items'
      | 'defaultItems'
      | 'validationBehavior'
      | 'selectionMode'
      | 'value'
      | 'defaultValue'
      | 'onChange'
      | 'inputValue'
      | 'defaultInputValue'
      | 'onInputChange'
      | 'selectedKey'
      | 'defaultSelectedKey'
      | 'onSelectionChange'
      | 'defaultFilter'
      | 'onBlur'
    >,
    FieldBaseProps {
  /** Options (`{ id, name }`); with `onSearchChange` these are the server's current results. */
  items: readonly T[];
  /** Selected option id; `null` when nothing is chosen. */
  value?: Key | null;
  /** Called with the chosen id, or `null` when the text is cleared. */
  onChange?: (value: Key | null) => void;
  /** Called when focus leaves the field (react-hook-form `field.onBlur`). */
  onBlur?: (event: FocusEvent<Element>) => void;
  /**
   * Server search: receives the typed text 500 ms after the last keystroke once it has at least
   * 3 characters, and '' when it goes back below (fewer characters never trigger a search).
   * Without it, `items` are filtered here (also from the third character on).
   */
  onSearchChange?: (search: string) => void;
  /** The chosen option when it may be missing from `items` (server search), to show its name. */
  selectedItem?: T | null;
  /** Text while nothing is typed. */
  placeholder?: string;
  /** Shows a spinner while options load. */
  isLoading?: boolean;
  /** Text when no option matches (default 'Sin resultados'). */
  emptyText?: string;
  /** Characters needed before searching (default 3). */
  minSearchLength?: number;
  /** Ref to the `<input>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
  /**
   * The next page of a long list (server paging): called when the end of the list scrolls into
   * view; omit it once every option is loaded.
   */
  onLoadMore?: () => void;
  /** Shows the spinner at the end of the list while the next page loads. */
  isLoadingMore?: boolean;
  /** Focuses the field and opens the list of every option when it mounts, as a press in it does. */
  defaultOpen?: boolean;
  /** Focuses the field when it mounts. */
  autoFocus?: boolean;
}

/**
 * Inside the react-aria ComboBox: focuses the field (`focus`) and opens the list of every option
 * (`open`) once, when it mounts, as soon as the field shows the chosen option's name
 * (`selectedName`): react-aria writes that name into the field only while it is not focused.
 */
function OnMount({
  input,
  focus,
  open,
  selectedName,
}: {
  input: RefObject<HTMLInputElement | null>;
  focus: boolean;
  open: boolean;
  selectedName: string | undefined;
}) {
  const state = useContext(ComboBoxStateContext);
  const done = useRef(false);
  const named = selectedName === undefined || state?.inputValue === selectedName;
  useEffect(() => {
    if (done.current || !state || !named) return;
    done.current = true;
    if (focus || open) input.current?.focus();
    if (open) state.open(null, 'manual');
  }, [state, named, focus, open, input]);
  return null;
}

/** The field's `<input>` for OnMount, and a ref that sets it and the caller's `outer` ref. */
function useInputRef(outer: Ref<HTMLInputElement> | undefined) {
  const input = useRef<HTMLInputElement>(null);
  const inputRef = useMemo(
    () => (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof outer === 'function') outer(node);
      else if (outer) outer.current = node;
    },
    [outer],
  );
  return [input, inputRef] as const;
}

/**
 * Searchable single choice (react-aria `ComboBox`): type to filter from the third character on,
 * arrows to move, Enter to choose, Escape to close. Items can come from the server through
 * `onSearchChange`.
 */
export function ComboBox<T extends SelectOption>(allProps: ComboBoxProps<T>) {
  const [
    field,
    {
      value,
      onChange,
      onBlur,
      selectedItem,
      disabled,
      isDisabled,
      className,
      defaultOpen = false,
      autoFocus = false,
      ...props
    },
  ] = splitSearchFieldProps<T, ComboBoxProps<T>>(allProps);
  const [input, inputRef] = useInputRef(field.ref);
  const known = useKnownItems(field.items, selectedItem);
  const selected = value != null ? known.get(value) : undefined;
  const { setText, search, loaded, filtersHere, matches, invalid, parts } = useSearchField(
    field,
    selected?.name,
  );

  // react-aria needs the chosen option in its collection to show and restore its name, even
  // when a search (local or on the server) leaves it out; the filter below hides it instead.
  const collection = useMemo(
    () => (selected && !loaded.some((i) => i.id === selected.id) ? [...loaded, selected] : loaded),
    [loaded, selected],
  );
  const resultIds = useMemo(() => new Set(loaded.map((i) => i.id)), [loaded]);
  const visible = (item: T, input: string) => {
    if (input.trim().length < field.minSearchLength || input === selected?.name) return true;
    return filtersHere ? matches(item.name) : resultIds.has(item.id);
  };

  return (
    <RACComboBox<T>
      {...props}
      defaultItems={collection}
      defaultFilter={(textValue, input) => {
        const item = collection.find((i) => i.name === textValue);
        return item ? visible(item, input) : true;
      }}
      value={value ?? null}
      onChange={(key) => {
        search.reset();
        if (key !== (value ?? null)) onChange?.(key);
      }}
      onInputChange={(next) => {
        setText(next);
        // react-aria writes the chosen option's name here too: that is not a search.
        if (next === selected?.name) search.reset();
        else search.update(next);
      }}
      onBlur={onBlur}
      allowsEmptyCollection
      menuTrigger="input"
      isDisabled={isDisabled || disabled}
      isInvalid={invalid}
      validationBehavior="aria"
      className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
    >
      <SearchFieldParts
        {...parts}
        inputRef={inputRef}
        isRequired={props.isRequired}
        items={collection}
      />
      {(defaultOpen || autoFocus) && (
        <OnMount input={input} focus={autoFocus} open={defaultOpen} selectedName={selected?.name} />
      )}
    </RACComboBox>
  );
}
