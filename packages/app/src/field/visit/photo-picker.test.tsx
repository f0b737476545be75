import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { PhotoPicker } from './photo-picker';

afterEach(() => vi.unstubAllGlobals());

const renderPicker = (onTake = vi.fn(() => Promise.resolve())) =>
  render(
    <PhotoPicker
      label="Tomar foto de la visita"
      photoKeys={[]}
      photoUrl={() => undefined}
      onTake={onTake}
      onRemove={() => {}}
    />,
  );

it('opens the back camera and hands over the photo taken', async () => {
  const onTake = vi.fn(() => Promise.resolve());
  renderPicker(onTake);
  const input = screen.getByLabelText('Tomar foto de la visita');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(input).toHaveAttribute('capture', 'environment');
  const photo = new File(['jpeg'], 'anaquel.jpg', { type: 'image/jpeg' });
  await userEvent.upload(input, photo);
  expect(onTake).toHaveBeenCalledWith(photo);
});

it('says so when a photo could not be stored', async () => {
  renderPicker(vi.fn(() => Promise.reject(new Error('QuotaExceededError'))));
  await userEvent.upload(
    screen.getByLabelText('Tomar foto de la visita'),
    new File(['jpeg'], 'anaquel.jpg', { type: 'image/jpeg' }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'No se pudo guardar la foto. Intenta tomarla de nuevo.',
  );
});

it('warns before the next photo when the phone is nearly full', async () => {
  vi.stubGlobal('navigator', {
    ...navigator,
    storage: { estimate: () => Promise.resolve({ quota: 100e6, usage: 95e6 }) },
  });
  renderPicker();
  expect(await screen.findByRole('status')).toHaveTextContent(
    'El teléfono tiene poco espacio: envía las visitas pendientes antes de tomar más fotos.',
  );
});
