import type { Role, SessionView } from '@belfry/engine';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Brand } from '../ui/Brand';
import { ChatPanel } from '../chat';
import {
  BoostWarningBanner,
  BootleggerWarning,
  ConnectionStatus,
  GameDialogs,
  GameMenu,
  NightBackdrop,
  OtherTabBanner,
  ReconnectBanner,
  SeatCircle,
  SessionCode,
  SessionMenu,
  showsNightBackdrop,
  StorytellerOfflineBanner,
  useGameEffects,
  useHiddenCams,
  SecretPrompt,
  Tour,
  VersionBar,
} from '../table';
import { EditionHost, editionRoles, FabledLayer, SideTabs, ThemeBackdrop } from '../script';
import { useGameUi } from '../session/gameUiStore';
import { roleIconName } from '../ui/icons/iconNames';
import { preloadIcons } from '../ui/icons/iconStore';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { Toasts } from '../ui/Toasts';
import { SettingsEffects, SettingsHost, useSettings } from '../settings';
import { GrimoireAccessIndicator, UsersPanel, useServerSwitchOffer } from '../people';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';
import { LocalBadge, LocalPanel, RenameSeatDialog } from '../local';
import { VoteOverlay } from '../vote';
import { RemoteAudio, useVoiceConnection, VoiceControls } from '../voice';
import '../table';
import '../table';

/** The characters a game can show: its script's, and those on seats, Storytellers, fabled and bluffs. */
const charactersOf = (view: SessionView): Role[] =>
  [
    ...editionRoles(view),
    ...view.seats.map((seat) => seat.role),
    ...view.storytellers.map((storyteller) => storyteller.role),
    ...view.fabled,
    ...view.bluffs,
  ].filter((role): role is Role => role !== null);

/**
 * Fetches the icon sets of the game's characters as soon as a view arrives, before the table is drawn
 * with it, so that tokens, pickers and the sheet show their icons with little or no placeholder.
 */
const usePreloadedIcons = (): void =>
  useEffect(() => {
    // A view changes many times a second in a vote; its characters seldom.
    let seen: unknown[] = [];
    const preload = (view: SessionView | null) => {
      if (!view) return;
      const parts = [view.edition, view.script, view.seats, view.storytellers, view.fabled, view.bluffs];
      if (parts.every((part, i) => part === seen[i])) return;
      seen = parts;
      preloadIcons(charactersOf(view).map(roleIconName));
    };
    preload(useSessionStore.getState().view);
    return useSessionStore.subscribe((state) => preload(state.view));
  }, []);

/** The game screen; `local`: a local game (spec 1 §1) without session code, connection, people or chat. */
export function GrimoirePage({ local = false }: { local?: boolean }) {
  const { t } = useTranslation();
  const code = useSessionStore((state) => state.code);
  const view = useSessionStore((state) => state.view);
  const isTownSquare = useGameUi((state) => state.isTownSquare);
  // Spec 3 §3 advanced, public town square: the town-square view shows only what the whole table
  // knows (safe to stream): no bluffs and no night order, which names the characters in play.
  const publicTownSquare = useSettings((settings) => settings.hasPublicTownSquare) && isTownSquare;
  useGameEffects(view);
  usePreloadedIcons();
  // A new chat server for the session (the Storyteller moved it) means a new connection at once.
  useVoiceConnection(code, !local && view !== null, view?.meta.chatServer ?? '');
  useHiddenCams(code, !local && view !== null);
  useServerSwitchOffer(local ? null : view);

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
          {!local && view && <VoiceControls />}
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
          {view && <FabledLayer view={view} hideBluffs={publicTownSquare} />}
          {view && local && <LocalPanel view={view} />}
          {view && !local && <SessionMenu view={view} />}
          {view && !local && <UsersPanel view={view} />}
        </aside>
      </div>
      {view && <VersionBar view={view} />}
      {view && <GameDialogs view={view} />}
      {view && <EditionHost view={view} />}
      {view && <SideTabs view={view} hideNightOrder={publicTownSquare} />}
      {view && local && <RenameSeatDialog view={view} />}
      {!local && <ChatPanel />}
      {!local && <RemoteAudio />}
      {view && !local && <SecretPrompt />}
      {/* The tour is of the online table: chat, whispers and seats people take do not exist in local play. */}
      {view && !local && <Tour view={view} />}
      <Toasts />
      <SettingsHost />
      <SettingsEffects />
      {/* A local game waits for nothing: no start-up request may cover it (it runs offline too). */}
      {!local && <LoadingOverlay whenEmpty={view ? undefined : 'game'} />}
    </div>
  );
}
