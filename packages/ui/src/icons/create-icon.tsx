import type { ReactNode, SVGProps } from 'react';
import { twMerge } from 'tailwind-variants';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  'aria-label'?: string;
}

/** A React component drawing one inline SVG icon (24x24 stroke icons, `currentColor`). */
export type Icon = ((props: IconProps) => ReactNode) & { displayName?: string };

/** Builds an icon component from the SVG children of a 24x24, 2px-stroke drawing. */
export function createIcon(displayName: string, shapes: ReactNode): Icon {
  function IconComponent({ className, 'aria-label': label, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
        className={twMerge('size-5 shrink-0', className)}
        {...props}
      >
        {shapes}
      </svg>
    );
  }
  IconComponent.displayName = displayName;
  return IconComponent;
}
