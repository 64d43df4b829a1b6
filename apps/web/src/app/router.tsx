import { createBrowserRouter, Navigate } from 'react-router';
import { BannedPage } from '../pages/BannedPage';
import { ClockPage } from '../pages/ClockPage';
import { JoinPage } from '../pages/JoinPage';
import { LobbyPage } from '../pages/LobbyPage';
import { LoginPage } from '../pages/LoginPage';
import { PolicyPage } from '../pages/PolicyPage';
import { UpdatePage } from '../pages/UpdatePage';
import { VerificationPage } from '../pages/VerificationPage';
import { PATHS } from '../routing/paths';
import { AppShell } from './AppShell';

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: PATHS.lobby, element: <LobbyPage /> },
      { path: PATHS.login, element: <LoginPage /> },
      // The game screen (with the character catalogue and the icons) loads only when a game is opened.
      { path: PATHS.play, lazy: async () => ({ Component: (await import('../pages/GrimoirePage')).GrimoirePage }) },
      { path: PATHS.local, lazy: async () => ({ Component: (await import('../local/LocalPage')).LocalPage }) },
      { path: PATHS.verification, element: <VerificationPage /> },
      { path: PATHS.update, element: <UpdatePage /> },
      { path: PATHS.clock, element: <ClockPage /> },
      { path: PATHS.banned, element: <BannedPage /> },
      { path: PATHS.join, element: <JoinPage /> },
      { path: PATHS.terms, element: <PolicyPage policy="terms" /> },
      { path: PATHS.privacy, element: <PolicyPage policy="privacy" /> },
      { path: PATHS.cookies, element: <PolicyPage policy="cookies" /> },
      { path: '*', element: <Navigate to={PATHS.lobby} replace /> },
    ],
  },
]);
