// The promoters' field app (/campo, campo.html): its own entry, so it loads none of the
// back-office's routes and the back-office none of it (docs/field-app.md).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from 'react-aria-components';
import { FieldApp } from './field-app';
import { restoreFieldSession } from './field-session';
import { FieldUpdate } from './pwa/field-update';
import { registerFieldServiceWorker } from './pwa/service-worker';
import '../styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('campo.html has no #root element');

void restoreFieldSession();
registerFieldServiceWorker();
createRoot(container).render(
  <StrictMode>
    <I18nProvider locale="es-MX">
      <FieldUpdate />
      <FieldApp />
    </I18nProvider>
  </StrictMode>,
);
