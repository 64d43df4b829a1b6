import type { SessionView } from '@belfry/engine';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/authStore';
import { useClockStore } from '../time/clockStore';
import { boostWarning } from '../session/boostWarning';

import { confirmDialog } from '../ui/dialogs';
import { continueHere, dismissOtherTab, leaveSession } from '../session/sessionController';
import { useSessionStore } from '../session/sessionStore';
import { needsBootleggerWarning } from '../people';
import { allStorytellersOffline, isViewerStoryteller } from '../session/sessionRules';

/** The current time, once a second: for counting down. */
const useNow = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** Spec 2 §4: users without a subscription are told when under 120 s of the session's boost remain. */
export function BoostWarningBanner({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const me = useMe();
  const offset = useClockStore((state) => state.offsetMs ?? 0);
  const now = useNow();
  const warning = boostWarning(view.boostUntil, now, offset, me ? me.isSubscribed : null);
  if (!warning.show) return null;
  return (
    <div className="session-notice session-notice--warn" role="alert" data-testid="boost-warning">
      <p>{t('grimoire.boost_warning', { count: warning.secondsLeft })}</p>
    </div>
  );
}

/** "The Storyteller is offline", for everyone else while every Storyteller is away. */
export function StorytellerOfflineBanner({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  if (isViewerStoryteller(view) || !allStorytellersOffline(view)) return null;
  return (
    <div className="session-notice" role="status" data-testid="st-offline">
      <p>{t('grimoire.storyteller_offline')}</p>
    </div>
  );
}

/** Spec 2 §7: the same session open in another tab of this browser. */
export function OtherTabBanner() {
  const { t } = useTranslation();
  const otherTab = useSessionStore((state) => state.otherTab);
  if (!otherTab) return null;
  return (
    <div className="session-notice" role="alert" data-testid="other-tab" data-state={otherTab}>
      <p>{t(otherTab === 'moved' ? 'grimoire.other_tab.moved' : 'grimoire.other_tab.also_open')}</p>
      <div className="banner__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={continueHere}
          data-testid="other-tab-continue"
        >
          {t('grimoire.other_tab.continue')}
        </button>
        {otherTab === 'also-open' && (
          <button type="button" className="button button--ghost button--small" onClick={dismissOtherTab}>
            {t('grimoire.other_tab.dismiss')}
          </button>
        )}
      </div>
    </div>
  );
}

const warnedKey = (sessionId: string) => `belfry.bootleggerWarned.${sessionId}`;

/**
 * Spec 2 §4: new users joining a session that uses the Bootlegger get a confirm warning: these are
 * house rules. Declining leaves the session; accepting is remembered for this session in this tab.
 */
export function BootleggerWarning({ view }: { view: SessionView }) {
  const asking = useRef(false);
  useEffect(() => {
    const warned = sessionStorage.getItem(warnedKey(view.sessionId)) === '1';
    if (asking.current || !needsBootleggerWarning(view, warned)) return;
    asking.current = true;
    void confirmDialog('grimoire.bootlegger.title', 'grimoire.bootlegger.text', 'grimoire.bootlegger.confirm', {
      variant: 'primary',
    }).then((stay) => {
      asking.current = false;
      sessionStorage.setItem(warnedKey(view.sessionId), '1');
      if (!stay) leaveSession();
    });
  }, [view]);
  return null;
}
