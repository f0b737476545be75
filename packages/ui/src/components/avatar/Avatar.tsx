import { useState } from 'react';
import { tv } from 'tailwind-variants';
import { UserIcon } from '../../icons';

const avatarStyles = tv({
  base: 'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-soft font-semibold text-brand-soft-fg select-none',
  variants: {
    size: { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-14 text-xl' },
  },
  defaultVariants: { size: 'md' },
});

export interface AvatarProps {
  /** Full name of the person: gives the initial and the accessible name. */
  name: string;
  /** Profile image URL; when missing or broken, the initial is shown. */
  src?: string | null;
  /** Diameter: sm 2rem, md 2.5rem, lg 3.5rem. */
  size?: 'sm' | 'md' | 'lg';
  /** Hide from assistive technology when the name is already written next to it. */
  isDecorative?: boolean;
  /** Extra classes. */
  className?: string;
}

/** First letter of the name, upper-cased ('' when the name is blank). */
export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first.toLocaleUpperCase('es-MX');
}

/** Profile picture, or the first letter of the full name on a tinted circle. */
export function Avatar({ name, src, size, isDecorative = false, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initial = initialOf(name);
  const a11y = isDecorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': name || 'Usuario' } as const);

  if (src && failedSrc !== src) {
    return (
      <span className={avatarStyles({ size, className })} {...a11y}>
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  return (
    <span className={avatarStyles({ size, className })} {...a11y}>
      {initial ? <span aria-hidden="true">{initial}</span> : <UserIcon className="size-1/2" />}
    </span>
  );
}
