// First, so the area stylesheets imported by the pages may refine it.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { bootstrap } from './app/bootstrap';
import { AppRoutes, preloadScreen } from './app/router';
import { i18nReady } from './i18n';
import { registerServiceWorker } from './app/serviceWorker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The opened screen's code loads beside the strings, so that the first render shows it at once.
const screenReady = preloadScreen(location.pathname);
void i18nReady.then(async () => {
  void bootstrap();
  await screenReady;
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppErrorBoundary>
          <AppRoutes />
        </AppErrorBoundary>
      </BrowserRouter>
    </StrictMode>,
  );
});
registerServiceWorker();
