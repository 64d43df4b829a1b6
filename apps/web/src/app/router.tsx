import { type ComponentType, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { BannedPage } from '../pages/BannedPage';
import { ClockPage } from '../pages/ClockPage';
import { PolicyPage } from '../pages/PolicyPage';
import { UpdatePage } from '../pages/UpdatePage';
import { withLaterStrings } from '../i18n';
import { PATHS } from '../routing/paths';
import { AppShell } from './AppShell';
import { ScreenLoadFailed } from './ScreenLoadFailed';

interface Page<Props> {
  (props: Props): React.ReactNode;
  preload: () => Promise<void>;
}

/**
 * A screen whose code loads when first shown, like React.lazy, but which renders at once when its
 * code is already there: main.tsx loads the opened address's screen before the first render, so the
 * first paint does not go through a Suspense fallback (React holds a revealed fallback for up to
 * 300 ms, which a cold Login screen paid).
 */
const page = <Name extends string, Props extends object = object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): Page<Props> => {
  let Loaded: ComponentType<Props> | null = null;
  let failed = false;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module[name];
      },
      () => {
        // Shown, not retried: a browser keeps a failed module's answer, so a retry would fail again
        // at once, over and over. Reloading the page is the retry.
        failed = true;
      },
    ));
  const Screen = (props: Props) => {
    if (Loaded) return <Loaded {...props} />;
    if (failed) return <ScreenLoadFailed />;
    // Suspense's contract: what a component throws while its code loads is the promise of it.
    throw preload();
  };
  return Object.assign(Screen, { preload });
};

const LobbyPage = page(() => import('../pages/LobbyPage'), 'LobbyPage');
const LoginPage = page(() => import('../pages/LoginPage'), 'LoginPage');
const GrimoirePage = page(() => import('../pages/GrimoirePage'), 'GrimoirePage');
const LocalPage = page(() => import('../pages/LocalPage'), 'LocalPage');
const VerificationPage = page(() => import('../pages/VerificationPage'), 'VerificationPage');
const JoinPage = page(() => import('../pages/JoinPage'), 'JoinPage');
const GamesPage = page(() => withLaterStrings(() => import('../pages/GamesPage')), 'GamesPage');
const RecordPage = page(() => withLaterStrings(() => import('../pages/RecordPage')), 'RecordPage');
const ReleaseNotesPage = page(() => import('../pages/ReleaseNotesPage'), 'ReleaseNotesPage');
const TranslationsPage = page(() => import('../pages/TranslationsPage'), 'TranslationsPage');
const TournamentPage = page(() => withLaterStrings(() => import('../pages/TournamentPage')), 'TournamentPage');

const TOURNAMENT_VIEWS = [
  [PATHS.tournament, 'home'],
  [PATHS.tournamentGroup, 'group'],
  [PATHS.tournamentKnockout, 'knockout'],
  [PATHS.tournamentLeaderboard, 'leaderboard'],
  [PATHS.tournamentMatch, 'match'],
] as const;

interface Screen {
  path: string;
  element: React.ReactNode;
  /** Screens with code of their own: loads it. */
  preload?: () => Promise<void>;
}

/** Every route: a screen of its own (loaded when opened) or a small page that comes with the app. */
const SCREENS: Screen[] = [
  { path: PATHS.lobby, element: <LobbyPage />, preload: LobbyPage.preload },
  { path: PATHS.login, element: <LoginPage />, preload: LoginPage.preload },
  { path: PATHS.play, element: <GrimoirePage />, preload: GrimoirePage.preload },
  { path: PATHS.local, element: <LocalPage />, preload: LocalPage.preload },
  { path: PATHS.verification, element: <VerificationPage />, preload: VerificationPage.preload },
  { path: PATHS.update, element: <UpdatePage /> },
  { path: PATHS.clock, element: <ClockPage /> },
  { path: PATHS.banned, element: <BannedPage /> },
  { path: PATHS.join, element: <JoinPage />, preload: JoinPage.preload },
  { path: PATHS.games, element: <GamesPage />, preload: GamesPage.preload },
  { path: PATHS.game, element: <RecordPage />, preload: RecordPage.preload },
  { path: PATHS.terms, element: <PolicyPage policy="terms" /> },
  { path: PATHS.privacy, element: <PolicyPage policy="privacy" /> },
  { path: PATHS.cookies, element: <PolicyPage policy="cookies" /> },
  { path: PATHS.releases, element: <ReleaseNotesPage />, preload: ReleaseNotesPage.preload },
  { path: PATHS.translations, element: <TranslationsPage />, preload: TranslationsPage.preload },
  ...TOURNAMENT_VIEWS.map(([path, view]) => ({
    path,
    element: <TournamentPage view={view} />,
    preload: TournamentPage.preload,
  })),
];

/** Loads the code of the screen at `pathname`, if it has code of its own; never fails (the screen says so). */
export const preloadScreen = async (pathname: string): Promise<void> => {
  await SCREENS.find(({ path }) => matchPath(path, pathname))?.preload?.();
};

/**
 * Each screen with code of its own loads when it is opened, so a route never carries another's: the
 * Login screen its forms and captcha, the Lobby its list and forms, the game screen (and a join link)
 * the session layer, the character catalogue and the icons. The small pages come with the app.
 *
 * Declared routes under BrowserRouter rather than a data router: Belfry loads no data through the
 * router, and the data router's code was a fifth of the JavaScript every route downloads. Navigations
 * run in a transition, so the screen being left stays up while the next one's code arrives; on the
 * first load nothing shows until the opened screen's code has come (as before).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<AppShell />}>
          {SCREENS.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<Navigate to={PATHS.lobby} replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
