// The auth feature: sign-in, password reset and change. Screens and the shell import from here.
export { ChangePasswordModal } from './components/change-password-modal';
export { LoginForm, type LoginFormProps } from './components/login-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { RESET_REQUESTED_MESSAGE, ResetRequestModal } from './components/reset-request-modal';
export type { LoginValues } from './schemas/login-validation';
