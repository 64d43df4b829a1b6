import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsLoggedIn } from '../auth/authStore';
import { PolicyLinks } from '../ui/PolicyLinks';
import { SimplePage } from '../ui/SimplePage';
import { PATHS } from '../routing/paths';

export type Policy = 'terms' | 'privacy' | 'cookies';

const TEXT_KEYS = {
  terms: { title: 'policy.terms.title', text: 'policy.terms.text' },
  privacy: { title: 'policy.privacy.title', text: 'policy.privacy.text' },
  cookies: { title: 'policy.cookies.title', text: 'policy.cookies.text' },
} as const satisfies Record<Policy, { title: string; text: string }>;

/** /terms, /privacy, /cookies: placeholders, since each install's operator sets its own policies. */
export function PolicyPage({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const keys = TEXT_KEYS[policy];
  return (
    <SimplePage title={t(keys.title)} testId="policy-page">
      <p data-testid={`policy-${policy}`}>{t(keys.text)}</p>
      <p className="muted">{t('policy.operator')}</p>
      <PolicyLinks />
      <Link className="button button--secondary" to={loggedIn ? PATHS.lobby : PATHS.login}>
        {t(loggedIn ? 'common.to_lobby' : 'clock.to_login')}
      </Link>
    </SimplePage>
  );
}
