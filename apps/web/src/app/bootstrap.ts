import { getVersion } from '../api/backend';
import { currentTokens } from '../auth/authStore';
import { ensureFreshToken, fetchMe, startTokenRefresh } from '../auth/authService';
import { clockOffset, isClockOutOfSync } from '../clock/clockSkew';
import { useClockStore } from '../clock/clockStore';
import { setLoading } from '../loading/loadingStore';
import { PATHS } from '../routing/paths';
import { resumeSession } from '../session/sessionController';
import { router } from './router';

/** Measures the clock against the server; a device off by more than 60 s is sent to the Clock page. */
const checkClock = async (): Promise<void> => {
  try {
    const { serverTime } = await getVersion();
    const offset = clockOffset(serverTime, Date.now());
    useClockStore.getState().setOffset(offset);
    if (isClockOutOfSync(offset)) await router.navigate(PATHS.clock);
  } catch {
    // Unreachable server: the pages report their own failures; the clock simply stays unchecked.
  }
};

/**
 * Start-up, walking the loading states of spec 1 §2: app data (version and clock), session
 * (a usable access token), permissions (the user's current level and flags), then game (rejoin).
 */
export const bootstrap = async (): Promise<void> => {
  setLoading('app data');
  await checkClock();
  startTokenRefresh();
  if (currentTokens()) {
    setLoading('session');
    await ensureFreshToken();
  }
  if (currentTokens()) {
    setLoading('permissions');
    await fetchMe().catch(() => undefined);
  }
  setLoading('');
  resumeSession();
};
