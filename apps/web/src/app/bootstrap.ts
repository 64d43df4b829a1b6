import { getVersion } from '../auth/backend';
import { currentTokens } from '../auth/authStore';
import { ensureFreshToken, fetchMe, startAccountSync, startTokenRefresh } from '../auth/authService';
import { clockOffset, isClockOutOfSync } from '../time/clockSkew';
import { useClockStore } from '../time/clockStore';
import { setLoading, useLoadingStore } from '../ui/loadingStore';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';
import { navigateFromOutside } from './outsideNavigation';
import { wireFeatures } from './wiring';
import { useVersionStore } from '../version/versionStore';

/**
 * GET /backend/version: the released versions (the guard sends a build more than one behind to
 * Update), the support address, and the clock: a device off by more than 60 s goes to the Clock page.
 */
const checkVersionAndClock = async (): Promise<void> => {
  try {
    const info = await getVersion();
    useVersionStore.getState().setInfo(info);
    const offset = clockOffset(info.serverTime, Date.now());
    useClockStore.getState().setOffset(offset);
    if (isClockOutOfSync(offset)) navigateFromOutside(PATHS.clock);
  } catch {
    // Unreachable server: the pages report their own failures; version and clock stay unchecked.
  }
};

/**
 * Start-up, walking the loading states of spec 1 §2: app data (version and clock, a usable access
 * token, and the account: GET /backend/me with flags, subscription and ban), then game (the rejoin,
 * begun as soon as the token is usable).
 */
export const bootstrap = async (): Promise<void> => {
  wireFeatures();
  setLoading('app data');
  await checkVersionAndClock();
  startTokenRefresh();
  if (currentTokens()) await ensureFreshToken();
  // Rejoining needs a usable token, not the account: it goes on while the account loads. The session
  // layer (socket, schemas, catalogue) is loaded only when there is a session to rejoin.
  const rejoining =
    useSessionStore.getState().code && currentTokens()
      ? import('../session/sessionController').then(
          ({ resumeSession }) => resumeSession(),
          // Offline without the code cached: the game screen, which needs the same code, says so.
          () => undefined,
        )
      : undefined;
  if (currentTokens()) await fetchMe().catch(() => undefined);
  // From now on every login (here or in another tab) loads its account.
  startAccountSync();
  // A rejoin's own loading state ('game') stays until its view arrives.
  if (useLoadingStore.getState().state === 'app data') setLoading('');
  await rejoining;
};
