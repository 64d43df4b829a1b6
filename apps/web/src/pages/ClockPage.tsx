import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsLoggedIn } from '../auth/authStore';
import { clockReturnPath, skewMinutes } from '../time/clockSkew';
import { useClockStore } from '../time/clockStore';
import { SimplePage } from '../ui/SimplePage';
import { useSessionStore } from '../session/sessionStore';

/** Spec 2 §2 "Clock page": the device clock differs from the server's by more than 60 s. */
export function ClockPage() {
  const { t } = useTranslation();
  const offset = useClockStore((state) => state.offsetMs) ?? 0;
  const loggedIn = useIsLoggedIn();
  const hasSession = useSessionStore((state) => state.code !== null);
  const target = clockReturnPath({ hasSession, loggedIn });
  const returnKey = target === '/play' ? 'clock.to_grimoire' : target === '/' ? 'common.to_lobby' : 'clock.to_login';
  const minutes = skewMinutes(offset);

  return (
    <SimplePage title={t('clock.title')} testId="clock-page">
      <p data-testid="clock-difference">
        {t(offset > 0 ? 'clock.text_behind' : 'clock.text_ahead', { count: minutes })}
      </p>
      <p className="muted">{t('clock.help')}</p>
      <Link className="button button--primary" to={target} data-testid="clock-return">
        {t(returnKey)}
      </Link>
    </SimplePage>
  );
}
