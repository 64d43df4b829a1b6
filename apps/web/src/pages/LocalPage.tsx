import { hasSubscription, type Level } from '@belfry/engine';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser, useMe } from '../auth/authStore';
import { GrimoirePage } from './GrimoirePage';
import { PATHS } from '../routing/paths';
import { startLocalPlay, stopLocalPlay } from '../session/sessionController';
import { useLocalPlay } from '../session/localPlayStore';
import { LocalTransport } from '../session/localTransport';

/**
 * /local (spec 1 §1, spec 2 §2 "local play"): the game screen over the local game kept in this
 * browser. Spec 2 §5: it needs a subscription. The account (GET /backend/me) says so once loaded;
 * until then (and offline, when it cannot load) the level the login carries decides.
 */
export function LocalPage() {
  const user = useCurrentUser();
  const me = useMe();
  const allowed = me ? me.isSubscribed : user !== null && hasSubscription(user.level as Level, null, 0);
  if (!allowed) return <Navigate to={PATHS.lobby} replace />;
  return <LocalGame />;
}

function LocalGame() {
  const navigate = useNavigate();

  useEffect(() => {
    startLocalPlay(LocalTransport);
    // Local play ended from elsewhere (the menu's Leave, a logout): back to the Lobby.
    const unsubscribe = useLocalPlay.subscribe((state, previous) => {
      if (previous.active && !state.active) void navigate(PATHS.lobby, { replace: true });
    });
    return () => {
      unsubscribe();
      stopLocalPlay();
    };
  }, [navigate]);

  return <GrimoirePage local />;
}
