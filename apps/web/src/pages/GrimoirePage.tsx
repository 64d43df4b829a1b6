import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Brand } from '../components/Brand';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Toasts } from '../components/Toasts';
import { ConnectionStatus, ReconnectBanner } from '../grimoire/ConnectionStatus';
import { GrimoireAccessIndicator } from '../grimoire/GrimoireAccess';
import { SeatCircle } from '../grimoire/SeatCircle';
import { SessionCode } from '../grimoire/SessionCode';
import { SessionMenu } from '../grimoire/SessionMenu';
import { BoostWarningBanner, OtherTabBanner, StorytellerOfflineBanner } from '../grimoire/SessionNotices';
import { UsersPanel } from '../grimoire/UsersPanel';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';
import '../grimoire/Grimoire.css';

export function GrimoirePage() {
  const { t } = useTranslation();
  const code = useSessionStore((state) => state.code);
  const view = useSessionStore((state) => state.view);

  // Spec 2 §2: leaving (or never having joined) a game goes to the Lobby.
  if (!code) return <Navigate to={PATHS.lobby} replace />;

  return (
    <div className="page grimoire">
      <header className="topbar">
        <Brand compact />
        <h1 className="grimoire__heading">{t('grimoire.heading')}</h1>
        <div className="topbar__end">
          {view && <GrimoireAccessIndicator view={view} />}
          <SessionCode code={code} />
          <ConnectionStatus />
        </div>
      </header>
      <ReconnectBanner />
      <div className="grimoire__notices">
        <OtherTabBanner />
        {view && <BoostWarningBanner view={view} />}
        {view && <StorytellerOfflineBanner view={view} />}
      </div>
      <div className="grimoire__body">
        <main className="grimoire__table" aria-label={t('grimoire.table_label')}>
          {view && <SeatCircle view={view} />}
        </main>
        <aside className="grimoire__side">
          {view && <SessionMenu view={view} />}
          {view && <UsersPanel view={view} />}
        </aside>
      </div>
      <Toasts />
      <LoadingOverlay whenEmpty={view ? undefined : 'game'} />
    </div>
  );
}
