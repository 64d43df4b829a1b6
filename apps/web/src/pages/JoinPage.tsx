import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SimplePage } from '../ui/SimplePage';
import { PATHS } from '../routing/paths';
import { checkJoinCode } from '../session/sessionCode';
import { joinSession } from '../session/sessionController';

/** /join/:sessionId joins that session at once (the route guard has already asked for a login). */
export function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sessionId = '' } = useParams();
  const checked = checkJoinCode(sessionId);
  const code = checked.ok ? checked.code : null;

  useEffect(() => {
    if (!code) return;
    joinSession(code);
    void navigate(PATHS.play, { replace: true });
  }, [code, navigate]);

  if (checked.ok) return null;
  return (
    <SimplePage title={t('join.title')} testId="join-page">
      <p>{t(`lobby.join.errors.${checked.reason}`)}</p>
      <Link className="button button--primary" to={PATHS.lobby}>
        {t('common.to_lobby')}
      </Link>
    </SimplePage>
  );
}
