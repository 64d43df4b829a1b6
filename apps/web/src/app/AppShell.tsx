import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccountPrompts, isBanned, PhoneVerificationHost } from '../account';
import { hasFlag, useAuthStore } from '../auth/authStore';
import { DialogHost } from '../ui/DialogHost';
import { Footer } from '../ui/Footer';
import { guardDecision } from './guard';
import { useOutsideNavigation } from './outsideNavigation';
import { useSessionStore } from '../session/sessionStore';
import { useVersionStore } from '../version/versionStore';

/** The root of every route: applies the route guard and hosts the dialogues and the footer. */
export function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const tokens = useAuthStore((state) => state.tokens);
  const me = useAuthStore((state) => state.me);
  const pendingEmail = useAuthStore((state) => state.pendingEmail);
  const newerVersions = useVersionStore((state) => state.newerCount);
  const hasSession = useSessionStore((state) => state.code !== null);
  useOutsideNavigation();

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  const decision = guardDecision({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    newerVersions,
    loggedIn: tokens !== null,
    banned: isBanned(me, tokens?.user.flags),
    emailVerified: hasFlag(tokens?.user, 'verified-email'),
    subscribed: me ? me.isSubscribed : null,
    hasSession,
    pendingVerification: pendingEmail !== null,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  return (
    <div className="app">
      <Outlet />
      <Footer />
      <AccountPrompts />
      <PhoneVerificationHost />
      <DialogHost />
    </div>
  );
}
