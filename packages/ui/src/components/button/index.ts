export {
  Button,
  buttonStyles,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './Button';
