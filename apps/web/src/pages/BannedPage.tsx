import { useTranslation } from 'react-i18next';
import { formatBanExpiry } from '../account';
import { useVersionStore } from '../version/versionStore';
import { useAuthStore } from '../auth/authStore';
import { SimplePage } from '../ui/SimplePage';

/**
 * Spec 2 §2 "Banned page": title and description; the reason if there is one; the expiry as a long
 * date with a follow-up note, otherwise a permanent-ban text; a support contact note; footer texts.
 */
export function BannedPage() {
  const { t, i18n } = useTranslation();
  const ban = useAuthStore((state) => state.me?.ban ?? null);
  const supportEmail = useVersionStore((state) => state.info?.supportEmail);
  const locales = typeof navigator === 'undefined' ? [i18n.language] : [...navigator.languages, i18n.language];
  const expiry = formatBanExpiry(ban?.expires, locales);

  return (
    <SimplePage title={t('banned.title')} testId="banned-page">
      <p>{t('banned.text')}</p>
      {ban?.reason && (
        <div className="banned__reason">
          <p className="field__label">{t('banned.reason')}</p>
          <p data-testid="banned-reason">{ban.reason}</p>
        </div>
      )}
      {expiry ? (
        <p data-testid="banned-expiry">
          {t('banned.expires', { date: expiry })} <span className="muted">{t('banned.expires_note')}</span>
        </p>
      ) : (
        <p className="muted" data-testid="banned-permanent">
          {t('banned.permanent')}
        </p>
      )}
      <p className="muted" data-testid="banned-support">
        {supportEmail ? (
          <>
            {t('banned.support')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </>
        ) : (
          t('banned.support_operator')
        )}
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void import('../session/logout').then(({ logoutAndLeave }) => logoutAndLeave())}
      >
        {t('lobby.logout')}
      </button>
      <p className="banned__footer">{t('banned.footer')}</p>
    </SimplePage>
  );
}
