import {
  Link as RACLink,
  type LinkProps as RACLinkProps,
  composeRenderProps,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { focusRing } from '../../lib/styles';
import { buttonStyles } from '../button';

export const linkStyles = tv({
  extend: focusRing,
  base: 'cursor-pointer rounded-sm font-medium text-link underline underline-offset-2 transition-colors data-hovered:decoration-2',
  variants: {
    isDisabled: { true: 'cursor-not-allowed text-fg-muted no-underline' },
  },
});

export type LinkVariant = 'inline' | 'primary' | 'secondary' | 'ghost';

export interface LinkProps extends RACLinkProps {
  /** inline: underlined text link; primary/secondary/ghost: a link that looks like that button. */
  variant?: LinkVariant;
}

/**
 * Link (react-aria `Link`). Client-side navigation goes through the app's `RouterProvider`,
 * so `href` can be a route path and ui stays free of any router.
 */
export function Link({ variant = 'inline', ...props }: LinkProps) {
  return (
    <RACLink
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        variant === 'inline'
          ? linkStyles({ ...renderProps, className })
          : buttonStyles({ ...renderProps, variant, className }),
      )}
    />
  );
}
