import { CheckCircleIcon, XCircleIcon } from '../../icons';

export interface YesNoProps {
  /** The flag to show: true draws a check named 'Sí', false a cross named 'No'. */
  value: boolean;
  /** Accessible names, when a column needs other words. */
  labels?: { yes: string; no: string };
  /** Extra classes for the icon. */
  className?: string;
}

/** Yes/no flag as an icon with an accessible name ('Sí' / 'No'), for table cells. */
export function YesNo({ value, labels = { yes: 'Sí', no: 'No' }, className }: YesNoProps) {
  return value ? (
    <CheckCircleIcon aria-label={labels.yes} className={`text-success ${className ?? ''}`} />
  ) : (
    <XCircleIcon aria-label={labels.no} className={`text-fg-muted ${className ?? ''}`} />
  );
}
