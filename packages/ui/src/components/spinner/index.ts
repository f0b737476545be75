export { Spinner, SpinnerGraphic, type SpinnerProps, type SpinnerSize } from './Spinner';
