import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../auth/authStore';
import { DialogHost } from '../components/DialogHost';
import { Footer } from '../components/Footer';
import { guardDecision } from '../routing/guard';

/** The root of every route: applies the route guard and hosts the dialogues and the footer. */
export function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useAuthStore((state) => state.tokens !== null);
  const banned = useAuthStore((state) => state.tokens?.user.flags.includes('banned') ?? false);

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  const decision = guardDecision({ pathname: location.pathname, search: location.search, loggedIn, banned });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  return (
    <div className="app">
      <Outlet />
      <Footer />
      <DialogHost />
    </div>
  );
}
