// First, so the area stylesheets imported by the pages may refine it.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootstrap } from './app/bootstrap';
import { router } from './app/router';
import { i18nReady } from './i18n';
import { registerServiceWorker } from './app/serviceWorker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  void bootstrap();
});
registerServiceWorker();
