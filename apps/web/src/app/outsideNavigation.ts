import { useEffect } from 'react';
import { useNavigate } from 'react-router';

let navigateTo: ((to: string) => void) | null = null;
let pending: string | null = null;

/**
 * For start-up code outside React (the clock check): goes to `to` at once, or as soon as the app's
 * shell is on screen if it is not yet.
 */
export const navigateFromOutside = (to: string): void => {
  if (navigateTo) navigateTo(to);
  else pending = to;
};

/** Mounted once in the app's shell: lends its router's navigate to navigateFromOutside. */
export function useOutsideNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (to) => void navigate(to);
    if (pending !== null) navigateTo(pending);
    pending = null;
    return () => {
      navigateTo = null;
    };
  }, [navigate]);
}
