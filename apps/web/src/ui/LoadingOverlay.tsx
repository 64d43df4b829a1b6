import { useTranslation } from 'react-i18next';
import { LOADING_KEYS, useLoadingStore, type LoadingState } from './loadingStore';
import './LoadingOverlay.css';

/** Spec 1 §2: shown on Lobby and Grimoire while a loading state is set, naming that state. */
export function LoadingOverlay({ whenEmpty = '' }: { whenEmpty?: LoadingState }) {
  const { t } = useTranslation();
  // A page that still misses its data (the Grimoire without a view) keeps the overlay up.
  const state = useLoadingStore((store) => store.state) || whenEmpty;
  if (state === '') return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading" data-state={state}>
      <div className="loading-overlay__bell" aria-hidden="true" />
      <p className="loading-overlay__label">{t('loading.title')}</p>
      <p className="loading-overlay__state">{t(LOADING_KEYS[state])}</p>
    </div>
  );
}
