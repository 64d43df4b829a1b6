import { create } from 'zustand';
import type { EditionAlert } from './problems';

interface EditionUiState {
  /** The picker modal is open. */
  open: boolean;
  /** The alert about the last script read, shown over everything until dismissed. */
  alerts: EditionAlert[];
  /** Bumped when the user picks a background, so the backdrop re-reads it. */
  themeVersion: number;
}

export const useEditionUi = create<EditionUiState>(() => ({ open: false, alerts: [], themeVersion: 0 }));

export const openEditionPicker = (): void => useEditionUi.setState({ open: true });
export const closeEditionPicker = (): void => useEditionUi.setState({ open: false });
export const showEditionAlerts = (alerts: EditionAlert[]): void => {
  if (alerts.length > 0) useEditionUi.setState({ alerts });
};
export const dismissEditionAlerts = (): void => useEditionUi.setState({ alerts: [] });
export const themeChanged = (): void => useEditionUi.setState((state) => ({ themeVersion: state.themeVersion + 1 }));
export const resetEditionUi = (): void => useEditionUi.setState({ open: false, alerts: [] });
