import { createBrowserRouter, Navigate } from 'react-router';
import { BannedPage } from '../pages/BannedPage';
import { ClockPage } from '../pages/ClockPage';
import { PolicyPage } from '../pages/PolicyPage';
import { UpdatePage } from '../pages/UpdatePage';
import { PATHS } from '../routing/paths';
import { AppShell } from './AppShell';

/**
 * Each screen with code of its own loads when it is opened, so a route never carries another's: the
 * Login screen its forms and captcha, the Lobby its list and forms, the game screen (and a join link)
 * the session layer, the character catalogue and the icons. The small pages come with the app.
 */
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: PATHS.lobby, lazy: async () => ({ Component: (await import('../pages/LobbyPage')).LobbyPage }) },
      { path: PATHS.login, lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
      { path: PATHS.play, lazy: async () => ({ Component: (await import('../pages/GrimoirePage')).GrimoirePage }) },
      { path: PATHS.local, lazy: async () => ({ Component: (await import('../pages/LocalPage')).LocalPage }) },
      {
        path: PATHS.verification,
        lazy: async () => ({ Component: (await import('../pages/VerificationPage')).VerificationPage }),
      },
      { path: PATHS.update, element: <UpdatePage /> },
      { path: PATHS.clock, element: <ClockPage /> },
      { path: PATHS.banned, element: <BannedPage /> },
      { path: PATHS.join, lazy: async () => ({ Component: (await import('../pages/JoinPage')).JoinPage }) },
      { path: PATHS.games, lazy: async () => ({ Component: (await import('../pages/GamesPage')).GamesPage }) },
      { path: PATHS.game, lazy: async () => ({ Component: (await import('../pages/RecordPage')).RecordPage }) },
      { path: PATHS.terms, element: <PolicyPage policy="terms" /> },
      { path: PATHS.privacy, element: <PolicyPage policy="privacy" /> },
      { path: PATHS.cookies, element: <PolicyPage policy="cookies" /> },
      {
        path: PATHS.releases,
        lazy: async () => ({ Component: (await import('../pages/ReleaseNotesPage')).ReleaseNotesPage }),
      },
      {
        path: PATHS.translations,
        lazy: async () => ({ Component: (await import('../pages/TranslationsPage')).TranslationsPage }),
      },
      ...(
        [
          [PATHS.tournament, 'home'],
          [PATHS.tournamentGroup, 'group'],
          [PATHS.tournamentKnockout, 'knockout'],
          [PATHS.tournamentLeaderboard, 'leaderboard'],
          [PATHS.tournamentMatch, 'match'],
        ] as const
      ).map(([path, view]) => ({
        path,
        lazy: async () => {
          const { TournamentPage } = await import('../pages/TournamentPage');
          return { Component: () => <TournamentPage view={view} /> };
        },
      })),
      { path: '*', element: <Navigate to={PATHS.lobby} replace /> },
    ],
  },
]);
