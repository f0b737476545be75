import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { failureEnvelope, okEnvelope } from '../../test/api-stub';
import { mockApi, screenMeta, seeToast, storyApi, storyUser } from '../../stories/decorators';
import LoginPage from './login';

// spec 1 §2, §8: the sign-in screen and what a visitor sees when the server refuses them.

const meta = {
  title: 'Pantallas/Inicio de sesión',
  component: LoginPage,
  ...screenMeta(
    { path: '/login', permissions: null, layout: 'public' },
    {
      'POST /auth/login': okEnvelope({
        accessToken: 'token-de-historia',
        user: storyUser(['VIEW_USERS']),
      }),
    },
  ),
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 10_000 };

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** Types the credentials and presses 'Iniciar Sesión' once the form allows it. */
async function signIn(canvas: Canvas, userEvent: UserEvent, email: string, password: string) {
  await userEvent.type(await canvas.findByRole('textbox', { name: 'Correo electrónico' }), email);
  await userEvent.type(canvas.getByLabelText(/^Contraseña/, { selector: 'input' }), password);
  const submit = canvas.getByRole('button', { name: 'Iniciar Sesión' });
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
}

/** The empty form: nothing can be sent until both fields are filled in. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' }, wait),
    ).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('');
    await expect(canvas.getByRole('switch', { name: 'Recordarme' })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Olvidé mi contraseña' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Iniciar Sesión' })).toBeDisabled();
    // The public header of the sign-in page leads home.
    await expect(canvas.getByRole('button', { name: 'Inicio' })).toBeVisible();
  },
};

/** A wrong password (401 INVALID_CREDENTIALS): spec 1 §8's text, the visitor stays on the form. */
export const CredencialesInvalidas: Story = {
  name: 'Credenciales inválidas',
  beforeEach: mockApi({
    'POST /auth/login': failureEnvelope(
      401,
      'INVALID_CREDENTIALS',
      'Usuario o contraseña incorrectos.',
    ),
  }),
  play: async ({ canvas, userEvent }) => {
    await signIn(canvas, userEvent, 'jorge.ramirez@anaquel.mx', 'NoEsLaClave#2026');
    await seeToast('Credenciales inválidas. Por favor, inténtelo de nuevo.');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' }),
    ).toBeVisible();
    await expect(storyApi().to('POST /auth/login')[0]!.body).toEqual({
      username: 'jorge.ramirez@anaquel.mx',
      password: 'NoEsLaClave#2026',
      rememberMe: false,
    });
  },
};

/** An account locked after too many failures (401 ACCOUNT_LOCKED): the minutes left. */
export const CuentaBloqueada: Story = {
  name: 'Cuenta bloqueada',
  beforeEach: mockApi({
    'POST /auth/login': failureEnvelope(
      401,
      'ACCOUNT_LOCKED',
      'La cuenta está bloqueada. Intenta de nuevo en 14 minuto(s).',
    ),
  }),
  play: async ({ canvas, userEvent }) => {
    await signIn(canvas, userEvent, 'jorge.ramirez@anaquel.mx', 'Anaquel#2026');
    await seeToast('La cuenta está bloqueada. Intenta de nuevo en 14 minuto(s).');
    await expect(
      screen.queryByText('Credenciales inválidas. Por favor, inténtelo de nuevo.'),
    ).not.toBeInTheDocument();
  },
};
