import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import * as api from '@anaquel/api';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { FieldApp } from './field-app';
import { syncDataFixture } from './testing';

const user = (profileName: string) => ({
  id: 7,
  completeName: 'María Fernanda López Hernández',
  email: 'promotor@anaquel.mx',
  profileImageUrl: null,
  permissions: [],
  profileName,
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  useAuthStore.getState().logout();
});

const renderApp = () =>
  render(
    <I18nProvider locale="es-MX">
      <FieldApp />
    </I18nProvider>,
  );

describe('FieldApp', () => {
  it('tells a user who is not a promoter that it is for promoters', () => {
    useAuthStore.getState().login({ user: user('Administrador') });
    renderApp();
    expect(
      screen.getByRole('heading', { name: 'Esta aplicación es para los promotores' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al sistema de administración' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it("downloads a promoter's day into the device store and lists it", async () => {
    const download = vi.spyOn(api, 'downloadSyncData').mockResolvedValue(syncDataFixture());
    useAuthStore.getState().login({ user: user('promotor') });
    renderApp();
    expect(await screen.findByRole('listitem', { name: 'Abarrotes Bellas Artes' })).toBeVisible();
    expect(screen.getByText('Datos de hace un momento')).toBeVisible();
    expect(download).toHaveBeenCalledOnce();
  });
});
