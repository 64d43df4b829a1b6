import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { PATHS } from '../routing/paths';
import { LanguageSelect } from './LanguageSelect';

export function Footer() {
  const { t } = useTranslation();
  // The game screens carry the language selector in their version bar (spec 1 §2).
  const playing = useMatch(PATHS.play);
  const local = useMatch(PATHS.local);
  const onTable = playing !== null || local !== null;
  return (
    <footer className="app-footer">
      <p>{t('app.disclaimer')}</p>
      <Link to={PATHS.tournament} data-testid="footer-tournament">
        {t('tournament.footer_link')}
      </Link>
      {!onTable && <LanguageSelect />}
    </footer>
  );
}
