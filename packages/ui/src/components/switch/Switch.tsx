import type { ReactNode, Ref } from 'react';
import {
  Switch as RACSwitch,
  type SwitchProps as RACSwitchProps,
  composeRenderProps,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { focusRing } from '../../lib/styles';

const trackStyles = tv({
  extend: focusRing,
  base: 'flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent px-0.5 transition-colors duration-200',
  variants: {
    isSelected: {
      false: 'bg-border-strong',
      true: 'bg-brand',
    },
    isDisabled: { true: 'bg-border' },
  },
});

const handleStyles = tv({
  base: 'size-4 rounded-full bg-white shadow-sm transition-transform duration-200',
  variants: { isSelected: { true: 'translate-x-5', false: 'translate-x-0' } },
});

export interface SwitchProps extends Omit<RACSwitchProps, 'children'> {
  /** Visible label, e.g. 'Recordarme' or 'Activo'. */
  children?: ReactNode;
  /** Ref to the hidden `<input type="checkbox" role="switch">` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * On/off switch (react-aria `Switch`, role switch): Space toggles. With react-hook-form pass
 * `isSelected={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name}`.
 */
export function Switch({ children, ref, className, ...props }: SwitchProps) {
  return (
    <RACSwitch
      {...props}
      inputRef={ref}
      className={composeRenderProps(
        className,
        (c) =>
          `group inline-flex cursor-pointer items-center gap-3 text-sm text-fg data-disabled:cursor-not-allowed data-disabled:text-fg-muted ${c ?? ''}`,
      )}
    >
      {(renderProps) => (
        <>
          <span className={trackStyles(renderProps)}>
            <span className={handleStyles(renderProps)} />
          </span>
          {children}
        </>
      )}
    </RACSwitch>
  );
}
