import { logout } from '../auth/authService';
import { leaveSession } from './sessionController';

/** Logging out also leaves the session, so the next user of this browser does not rejoin it. */
export const logoutAndLeave = async (): Promise<void> => {
  leaveSession();
  await logout();
};
