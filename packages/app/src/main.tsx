import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/routes';
import { createAppQueryClient } from './app/session';
import { startThemeSync } from './lib/theme';
import './styles.css';

startThemeSync();
const services = createAppQueryClient();
const router = createBrowserRouter(buildRoutes());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
