export { PasswordStrengthMeter, type PasswordStrengthMeterProps } from './PasswordStrengthMeter';
export {
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  type PasswordCriteria,
  type PasswordStrength,
  type PasswordStrengthLabel,
  type PasswordStrengthLevel,
} from './password-strength';
