import type { ReactNode, Ref } from 'react';
import {
  Button,
  type Key,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Popover,
  Select as RACSelect,
  type SelectProps as RACSelectProps,
  SelectValue,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { CheckIcon, ChevronDownIcon } from '../../icons';
import {
  Description,
  FieldError,
  Label,
  fieldBorderStyles,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';
import { SpinnerGraphic } from '../spinner';

/** The `{ id, name }` shape of every `/options` endpoint. */
export interface SelectOption {
  id: Key;
  name: string;
  /** Shown greyed out and not selectable. */
  isDisabled?: boolean;
}

export interface SelectProps<T extends SelectOption>
  extends
    Omit<
      RACSelectProps<T>,
      'children' | 'items' | 'validationBehavior' | 'selectionMode' | 'value' | 'onChange'
    >,
    FieldBaseProps {
  /** Options to choose from. */
  items: Iterable<T>;
  /** Selected option id; `null`/`undefined` shows the placeholder. */
  value?: Key | null;
  /** Called with the chosen id. */
  onChange?: (value: Key | null) => void;
  /** Text while nothing is chosen (default 'Seleccione una opción'). */
  placeholder?: string;
  /** Shows a spinner in the button while options load. */
  isLoading?: boolean;
  /** Text of an empty list (default 'Sin opciones'). */
  emptyText?: string;
  /** Custom rendering of one option (defaults to its name). */
  children?: (item: T) => ReactNode;
  /** Ref to the trigger button (react-hook-form `field.ref`, for focusing errors). */
  ref?: Ref<HTMLButtonElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
}

/** One option row of a Select or other listbox popovers. */
export function SelectItem({ className, children, ...props }: ListBoxItemProps) {
  return (
    <ListBoxItem
      {...props}
      className={composeRenderProps(className, (c) =>
        twMerge(
          'group flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg outline-none data-disabled:cursor-not-allowed data-disabled:text-fg-muted data-focused:bg-brand-soft data-focused:text-brand-soft-fg data-selected:font-semibold',
          c,
        ),
      )}
    >
      {composeRenderProps(children, (content, { isSelected }) => (
        <>
          <span className="flex-1 truncate">{content}</span>
          {isSelected && <CheckIcon className="size-4" />}
        </>
      ))}
    </ListBoxItem>
  );
}

/** Popover surface shared by select-like popups. */
export const popoverStyles =
  'min-w-(--trigger-width) overflow-auto rounded-lg border border-border bg-surface-raised p-1 shadow-lg outline-none data-entering:animate-popover-in data-exiting:animate-popover-out';

/**
 * Single choice from a list (react-aria `Select`): a button opening a listbox; arrows, typing
 * the first letters, Enter and Escape work as in a native select.
 */
export function Select<T extends SelectOption>({
  label,
  description,
  errorMessage,
  isTouched,
  isInvalid,
  items,
  value,
  onChange,
  placeholder = 'Seleccione una opción',
  isLoading = false,
  emptyText = 'Sin opciones',
  children,
  ref,
  disabled,
  isDisabled,
  className,
  ...props
}: SelectProps<T>) {
  const invalid = showsError(isInvalid, isTouched);
  const controlled = value !== undefined ? { value: value ?? null } : {};
  return (
    <RACSelect<T>
      {...props}
      {...controlled}
      onChange={(next) => onChange?.(next)}
      placeholder={placeholder}
      allowsEmptyCollection
      isDisabled={isDisabled || disabled}
      isInvalid={invalid}
      validationBehavior="aria"
      className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <Button
        ref={ref}
        className={(renderProps) =>
          fieldBorderStyles({
            isFocused: renderProps.isFocusVisible,
            isInvalid: invalid,
            isDisabled: renderProps.isDisabled,
            className:
              'flex h-10 w-full cursor-pointer items-center gap-2 px-3 text-left text-sm data-disabled:cursor-not-allowed',
          })
        }
      >
        <SelectValue className="flex-1 truncate data-placeholder:text-fg-muted" />
        {isLoading ? (
          <SpinnerGraphic size="sm" className="text-fg-muted" />
        ) : (
          <ChevronDownIcon className="size-4 text-fg-muted" />
        )}
      </Button>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className={popoverStyles}>
        <ListBox<T>
          items={items}
          className="max-h-72 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-fg-muted">{isLoading ? 'Cargando…' : emptyText}</p>
          )}
        >
          {(item) => (
            <SelectItem id={item.id} textValue={item.name} isDisabled={item.isDisabled}>
              {children ? children(item) : item.name}
            </SelectItem>
          )}
        </ListBox>
      </Popover>
    </RACSelect>
  );
}
