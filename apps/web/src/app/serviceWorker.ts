/**
 * The service worker (app/sw.js, built by vite-plugin-pwa) keeps the app shell and the built assets, so that a local game
 * opens and runs without a network (spec 1 §1). Production builds only: Vite's dev server serves
 * modules that must never be cached.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then(async (registration) => {
        // A new build brings new chunk names: have the worker fetch what this version needs.
        await navigator.serviceWorker.ready;
        (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ type: 'refresh' });
      })
      .catch(() => undefined); // No worker (private mode, blocked): the app works as before, online only.
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
