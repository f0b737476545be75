import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { I18nProvider } from 'react-aria-components';
import { PendingLink } from './outbox/pending-link';
import { PendingScreen } from './outbox/pending-screen';
import { UpdatePrompt } from './pwa/update-prompt';
import { clockSkewWarning } from './today/clock-skew';
import { TodayScreen, type TodayScreenProps } from './today/today-screen';
import { syncDataFixture, visitFixture, ZOCALO } from './testing';

// Issue #22: the field app's screens in the states a promoter meets outdoors (offline, stale
// data, visits waiting to be sent, a rejected visit, a new version), on a 375 px phone, light and
// dark. Each story is a test: what a person sees, then axe (preview.tsx) with no violation.

/** A 375 px phone's width, the page's own background. */
const phone: Decorator = (Story) => (
  <I18nProvider locale="es-MX">
    <div style={{ width: 375 }} className="bg-page">
      <Story />
    </div>
  </I18nProvider>
);

const now = new Date('2026-11-26T18:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const noop = () => undefined;

function today(overrides: Partial<TodayScreenProps> = {}): TodayScreenProps {
  return {
    promoterName: 'María Fernanda López Hernández',
    work: { data: syncDataFixture(), takenAt: minutesAgo(5) },
    visits: new Map(),
    position: { status: 'known', position: ZOCALO, accuracy: 12 },
    isLoading: false,
    isRefreshing: false,
    isOnline: true,
    problem: null,
    onRefresh: noop,
    now,
    outbox: <PendingLink count={0} href="/campo/pendientes" />,
    signOutHref: '/campo/cerrar-sesion',
    ...overrides,
  };
}

const meta = {
  title: 'Campo/Estados',
  component: TodayScreen,
  decorators: [phone],
  parameters: { layout: 'fullscreen' },
  args: today(),
} satisfies Meta<typeof TodayScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: the saved list keeps working, 'Actualizar' waits for the signal. */
export const SinConexion: Story = {
  name: 'Sin conexión',
  args: today({ isOnline: false, problem: 'Sin conexión: trabajas con los datos guardados.' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sin conexión')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Actualizar' })).toBeDisabled();
    await expect(canvas.getByRole('alert')).toHaveTextContent('trabajas con los datos guardados');
    await expect(canvas.getAllByRole('link', { name: /^Visitar / })).toHaveLength(3);
  },
};

export const SinConexionOscuro: Story = {
  ...SinConexion,
  name: 'Sin conexión (oscuro)',
  globals: { theme: 'dark' },
};

/** Stale data (two days old) and a phone whose clock runs 12 minutes ahead of the server's. */
export const DatosViejos: Story = {
  name: 'Datos de hace días',
  args: (() => {
    const work = { data: syncDataFixture(), takenAt: minutesAgo(2 * 24 * 60) };
    const skewed = {
      data: work.data,
      takenAt: new Date(Date.parse(work.data.serverTime) + 12 * 60_000).toISOString(),
    };
    return today({ work, warnings: [clockSkewWarning(skewed)!] });
  })(),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Datos de hace 2 días')).toBeVisible();
    await expect(canvas.getByText(/La hora de este teléfono va 12 min adelantada/)).toBeVisible();
  },
};

export const DatosViejosOscuro: Story = {
  ...DatosViejos,
  name: 'Datos de hace días (oscuro)',
  globals: { theme: 'dark' },
};

/** Visits waiting to be sent: the header's way to the outbox says how many. */
export const PendientesDeEnviar: Story = {
  name: 'Pendientes de enviar (n)',
  args: today({ outbox: <PendingLink count={3} href="/campo/pendientes" /> }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Pendientes de enviar (3)' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
  },
};

export const PendientesDeEnviarOscuro: Story = {
  ...PendientesDeEnviar,
  name: 'Pendientes de enviar (n) (oscuro)',
  globals: { theme: 'dark' },
};

const names: Record<number, string> = {
  12: 'Abarrotes Bellas Artes',
  13: 'Tienda Sin Mapa',
  11: 'Súper Ángel Reforma',
};
const outboxVisits = [
  visitFixture({ uuid: 'a', pointOfSaleId: 11, startDate: minutesAgo(200) }),
  visitFixture({
    uuid: 'b',
    pointOfSaleId: 13,
    state: 'rejected',
    validationErrors: [{ field: 'campaignId', message: 'La campaña no está activa.' }],
  }),
  visitFixture({
    uuid: 'c',
    pointOfSaleId: 12,
    state: 'rejected',
    validationErrors: [{ field: 'surveys[0].answers[2].options', message: 'Elige una opción.' }],
  }),
  visitFixture({
    uuid: 'd',
    pointOfSaleId: 12,
    state: 'sent',
    syncedAt: minutesAgo(30),
    answerPoints: 7.5,
  }),
];

/** Rejected visits: one whose campaign closed (discard only), one to correct. */
export const Rechazada: Story = {
  name: 'Visita rechazada',
  render: () => (
    <PendingScreen
      visits={outboxVisits}
      status={{ isSending: false, problem: null, retryAt: null }}
      isOnline
      placeName={(id) => names[id] ?? `Punto de venta ${id}`}
      todayHref="/campo"
      onSend={noop}
      onDiscard={() => Promise.resolve()}
      onReopen={noop}
      onSignOut={() => Promise.resolve()}
    />
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Pendientes de enviar (3)' }),
    ).toBeVisible();
    const closed = canvas.getByRole('listitem', { name: 'Tienda Sin Mapa, Rechazada' });
    await expect(closed).toHaveTextContent('La campaña ya no está activa o cambió de fechas');
    await expect(within(closed).queryByRole('button', { name: 'Corregir' })).toBeNull();
    const wrong = canvas.getByRole('listitem', { name: 'Abarrotes Bellas Artes, Rechazada' });
    await expect(within(wrong).getByRole('button', { name: 'Corregir' })).toBeVisible();
    await expect(
      canvas.getByRole('listitem', { name: 'Abarrotes Bellas Artes, Enviada' }),
    ).toHaveTextContent('7.5 puntos');
  },
};

export const RechazadaOscuro: Story = {
  ...Rechazada,
  name: 'Visita rechazada (oscuro)',
  globals: { theme: 'dark' },
};

/** A new version is ready: above the list, 'Actualizar la aplicación'. */
export const NuevaVersion: Story = {
  name: 'Hay una nueva versión',
  render: (args) => (
    <>
      <UpdatePrompt
        available
        visitInProgress={false}
        checkVisitInProgress={() => Promise.resolve(false)}
        onUpdate={noop}
      />
      <TodayScreen {...args} />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary', { name: 'Nueva versión' })).toHaveTextContent(
      'Hay una nueva versión',
    );
    await expect(canvas.getByRole('button', { name: 'Actualizar la aplicación' })).toBeVisible();
  },
};

export const NuevaVersionOscuro: Story = {
  ...NuevaVersion,
  name: 'Hay una nueva versión (oscuro)',
  globals: { theme: 'dark' },
};

/** A new version while a visit is being captured: it waits, and says so. */
export const NuevaVersionConVisita: Story = {
  name: 'Nueva versión con una visita en curso',
  render: (args) => (
    <>
      <UpdatePrompt
        available
        visitInProgress
        checkVisitInProgress={() => Promise.resolve(true)}
        onUpdate={noop}
      />
      <TodayScreen {...args} />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Termina la visita en curso para actualizar/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Actualizar la aplicación' })).toBeNull();
  },
};
