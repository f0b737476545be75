export { YesNo, type YesNoProps } from './YesNo';
