// The auth feature: sign-in, password reset and change. Screens and the shell import from here.
export { ResetPasswordForm } from './components/reset-password-form';
export { ResetRequestModal } from './components/reset-request-modal';
export type { LoginValues } from './schemas/login-validation';
