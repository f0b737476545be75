// The promoters' field app (/campo, campo.html): its own entry, so it loads none of the
// back-office's routes and the back-office none of it (docs/field-app.md).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from 'react-aria-components';
import { FieldApp } from './field-app';
import { restoreFieldSession } from './field-session';
import '../styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('campo.html has no #root element');

void restoreFieldSession();
createRoot(container).render(
  <StrictMode>
    <I18nProvider locale="es-MX">
      <FieldApp />
    </I18nProvider>
  </StrictMode>,
);
