import { Meter } from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { CheckIcon, CloseIcon } from '../../icons';
import { type PasswordCriteria, passwordStrength } from './password-strength';

const segmentStyles = tv({
  base: 'h-1.5 flex-1 rounded-full transition-colors',
  variants: {
    tone: {
      off: 'bg-border',
      danger: 'bg-danger',
      warning: 'bg-warning',
      success: 'bg-success',
    },
  },
});

const labelStyles = tv({
  base: 'text-xs font-semibold',
  variants: {
    tone: { danger: 'text-danger', warning: 'text-warning', success: 'text-success' },
  },
});

const toneOfLevel = ['danger', 'danger', 'warning', 'success', 'success'] as const;

const criteriaTexts: Record<keyof PasswordCriteria, string> = {
  length: 'Al menos 8 caracteres',
  lowercase: 'Una letra minúscula',
  uppercase: 'Una letra mayúscula',
  digit: 'Un dígito',
  special: 'Un carácter especial',
};

export interface PasswordStrengthMeterProps {
  /** The password being typed; nothing is rendered while it is empty. */
  password: string;
  /** Also list each criterion as met or missing. */
  showCriteria?: boolean;
  /** Accessible name of the meter. */
  label?: string;
  /** Extra classes. */
  className?: string;
}

/**
 * Five-level strength bar ('Muy Débil' to 'Muy Fuerte'), a react-aria `Meter` whose value text
 * is the level name, so screen readers announce e.g. "Seguridad de la contraseña, Fuerte".
 */
export function PasswordStrengthMeter({
  password,
  showCriteria = false,
  label = 'Seguridad de la contraseña',
  className,
}: PasswordStrengthMeterProps) {
  const strength = passwordStrength(password);
  if (!strength) return null;
  const tone = toneOfLevel[strength.level];
  return (
    <div className={twMerge('flex flex-col gap-1.5', className)}>
      <Meter
        aria-label={label}
        minValue={0}
        maxValue={5}
        value={strength.level + 1}
        valueLabel={strength.label}
        className="flex items-center gap-3"
      >
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((index) => (
            <span
              key={index}
              className={segmentStyles({ tone: index <= strength.level ? tone : 'off' })}
            />
          ))}
        </div>
        <span className={labelStyles({ tone })}>{strength.label}</span>
      </Meter>
      {showCriteria && (
        <ul className="grid gap-0.5 text-xs text-fg-muted sm:grid-cols-2">
          {(Object.keys(criteriaTexts) as (keyof PasswordCriteria)[]).map((key) => (
            <li key={key} className="flex items-center gap-1">
              {strength.criteria[key] ? (
                <CheckIcon className="size-3.5 text-success" aria-label="Cumple:" />
              ) : (
                <CloseIcon className="size-3.5" aria-label="Falta:" />
              )}
              {criteriaTexts[key]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
