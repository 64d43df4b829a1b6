import { getVersion } from '../api/backend';
import { currentTokens } from '../auth/authStore';
import { ensureFreshToken, fetchMe, startAccountSync, startTokenRefresh } from '../auth/authService';
import { clockOffset, isClockOutOfSync } from '../clock/clockSkew';
import { useClockStore } from '../clock/clockStore';
import { setLoading } from '../loading/loadingStore';
import { PATHS } from '../routing/paths';
import { resumeSession } from '../session/sessionController';
import { router } from './router';
import { useVersionStore } from './versionStore';

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
    if (isClockOutOfSync(offset)) await router.navigate(PATHS.clock);
  } catch {
    // Unreachable server: the pages report their own failures; version and clock stay unchecked.
  }
};

/**
 * Start-up, walking the loading states of spec 1 §2: app data (version and clock, a usable access
 * token, and the account: GET /backend/me with flags, subscription and ban), then game (rejoin).
 */
export const bootstrap = async (): Promise<void> => {
  setLoading('app data');
  await checkVersionAndClock();
  startTokenRefresh();
  if (currentTokens()) await ensureFreshToken();
  if (currentTokens()) await fetchMe().catch(() => undefined);
  // From now on every login (here or in another tab) loads its account.
  startAccountSync();
  setLoading('');
  resumeSession();
};
