import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../routing/paths';

/** Spec 2 §6: users without a subscription see a "subscription needed" text with a link instead of the form. */
export function SubscriptionNotice() {
  const { t } = useTranslation();
  return (
    <div className="lobby-form" data-testid="subscription-needed">
      <h2 className="card__title">{t('lobby.create.title')}</h2>
      <p className="card__text">{t('lobby.subscription.text')}</p>
      <p className="card__text">{t('local.lobby.subscription_note')}</p>
      <p className="card__text">{t('lobby.subscription.levels')}</p>
      <Link className="button button--secondary button--small" to={PATHS.terms}>
        {t('lobby.subscription.link')}
      </Link>
    </div>
  );
}
