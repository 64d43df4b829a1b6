import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Brand } from '../components/Brand';
import { ChatPanel } from '../chat/ChatPanel';
import { GameDialogs } from '../game/GameDialogs';
import { EditionHost } from '../edition/EditionHost';
import { ThemeBackdrop } from '../edition/ThemeBackdrop';
import { FabledLayer } from '../fabled/FabledLayer';
import { SideTabs } from '../sheet/SideTabs';
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
import {
  BoostWarningBanner,
  BootleggerWarning,
  OtherTabBanner,
  StorytellerOfflineBanner,
} from '../grimoire/SessionNotices';
import { UsersPanel } from '../grimoire/UsersPanel';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';
import { LocalBadge, LocalPanel } from '../local/LocalPanel';
import { RenameSeatDialog } from '../local/RenameSeatDialog';
import { VoteOverlay } from '../vote/VoteOverlay';
import '../grimoire/Grimoire.css';
import '../game/Game.css';

/** The game screen; `local`: a local game (spec 1 §1) without session code, connection, people or chat. */
export function GrimoirePage({ local = false }: { local?: boolean }) {
  const { t } = useTranslation();
  const code = useSessionStore((state) => state.code);
  const view = useSessionStore((state) => state.view);
  const isTownSquare = useGameUi((state) => state.isTownSquare);
  useGameEffects(view);

  // Spec 2 §2: leaving (or never having joined) a game goes to the Lobby.
  if (!code && !local) return <Navigate to={PATHS.lobby} replace />;

  return (
    <div className={`page grimoire ${view && showsNightBackdrop(view) ? 'grimoire--night' : ''}`}>
      {view && <ThemeBackdrop view={view} />}
      {view && <NightBackdrop view={view} />}
      <header className="topbar">
        <Brand compact />
        {/* Spec 1 §2: the heading says Town Square or Grimoire (the latter only where there is one to see). */}
        <h1 className="grimoire__heading" data-testid="grimoire-heading">
          {t(view?.viewer.grimoireAccess && !isTownSquare ? 'grimoire.heading_grimoire' : 'grimoire.heading')}
        </h1>
        <div className="topbar__end">
          {view && <GrimoireAccessIndicator view={view} />}
          {local ? <LocalBadge /> : code && <SessionCode code={code} />}
          {!local && <ConnectionStatus />}
          {view && <GameMenu view={view} />}
        </div>
      </header>
      {!local && <ReconnectBanner />}
      <div className="grimoire__notices">
        {!local && <OtherTabBanner />}
        {view && !local && <BoostWarningBanner view={view} />}
        {view && !local && <StorytellerOfflineBanner view={view} />}
        {view && <BootleggerWarning view={view} />}
      </div>
      <div className="grimoire__body">
        <main className="grimoire__table" aria-label={t('grimoire.table_label')}>
          {view && <SeatCircle view={view} />}
          {view && <VoteOverlay />}
        </main>
        <aside className="grimoire__side">
          {view && <FabledLayer view={view} />}
          {view && local && <LocalPanel view={view} />}
          {view && !local && <SessionMenu view={view} />}
          {view && !local && <UsersPanel view={view} />}
        </aside>
      </div>
      {view && <VersionBar view={view} />}
      {view && <GameDialogs view={view} />}
      {view && <EditionHost view={view} />}
      {view && <SideTabs view={view} />}
      {view && local && <RenameSeatDialog view={view} />}
      {!local && <ChatPanel />}
      <Toasts />
      {/* A local game waits for nothing: no start-up request may cover it (it runs offline too). */}
      {!local && <LoadingOverlay whenEmpty={view ? undefined : 'game'} />}
    </div>
  );
}
