import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Brand } from '../components/Brand';
import { ChatPanel } from '../chat/ChatPanel';
import { GameDialogs } from '../game/GameDialogs';
import { GameMenu } from '../game/GameMenu';
import { useGameUi } from '../game/gameUiStore';
import { NightBackdrop, showsNightBackdrop } from '../game/NightBackdrop';
import { useGameEffects } from '../game/useGameEffects';
import { VersionBar } from '../game/VersionBar';
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
import { VoteOverlay } from '../vote/VoteOverlay';
import '../grimoire/Grimoire.css';
import '../game/Game.css';

export function GrimoirePage() {
  const { t } = useTranslation();
  const code = useSessionStore((state) => state.code);
  const view = useSessionStore((state) => state.view);
  const isTownSquare = useGameUi((state) => state.isTownSquare);
  useGameEffects(view);

  // Spec 2 §2: leaving (or never having joined) a game goes to the Lobby.
  if (!code) return <Navigate to={PATHS.lobby} replace />;

  return (
    <div className={`page grimoire ${view && showsNightBackdrop(view) ? 'grimoire--night' : ''}`}>
      {view && <NightBackdrop view={view} />}
      <header className="topbar">
        <Brand compact />
        {/* Spec 1 §2: the heading says Town Square or Grimoire (the latter only where there is one to see). */}
        <h1 className="grimoire__heading" data-testid="grimoire-heading">
          {t(view?.viewer.grimoireAccess && !isTownSquare ? 'grimoire.heading_grimoire' : 'grimoire.heading')}
        </h1>
        <div className="topbar__end">
          {view && <GrimoireAccessIndicator view={view} />}
          <SessionCode code={code} />
          <ConnectionStatus />
          {view && <GameMenu view={view} />}
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
          {view && <VoteOverlay />}
        </main>
        <aside className="grimoire__side">
          {view && <SessionMenu view={view} />}
          {view && <UsersPanel view={view} />}
        </aside>
      </div>
      {view && <VersionBar view={view} />}
      {view && <GameDialogs view={view} />}
      <ChatPanel />
      <Toasts />
      <LoadingOverlay whenEmpty={view ? undefined : 'game'} />
    </div>
  );
}
