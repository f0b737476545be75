import { composeRenderProps } from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { twMerge } from 'tailwind-variants';

/** Keyboard focus ring shared by every interactive component (react-aria `data-focus-visible`). */
export const focusRing = tv({
  base: 'outline-2 outline-offset-2 outline-focus',
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline-2' },
  },
});

/**
 * Merges a consumer `className` (string or render-prop function) with the component's own
 * Tailwind classes, resolving conflicts in favour of the consumer.
 */
export function composeTailwindRenderProps<T>(
  className: string | ((renderProps: T) => string) | undefined,
  tailwind: string,
): string | ((renderProps: T) => string) {
  return composeRenderProps(className, (consumerClassName) => twMerge(tailwind, consumerClassName));
}
