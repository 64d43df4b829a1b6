import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraggablePanel } from './useDraggablePanel';

interface FloatingPanelProps {
  /** localStorage key part of the position (spec 3 §3: one per panel). */
  panelKey: string;
  label: string;
  /** Buttons beside the label (already translated). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId: string;
}

/**
 * A tab of the game screen (spec 3 §2 Fabled picker and fabled tab): docked in the side column, it
 * can be dragged out by its label to float over the table, rotated to vertical and minimised to its
 * label; a click on the label of a freely placed tab puts it back in its place. Where it is comes
 * from `useDraggablePanel` (kept in localStorage).
 */
export function FloatingPanel({ panelKey, label, actions, children, className, testId }: FloatingPanelProps) {
  const { t } = useTranslation();
  const { position, isFree, setElement, style, handleProps, toggleVertical, toggleMinimized } =
    useDraggablePanel(panelKey);
  const { vertical, minimized } = position;
  const classes = [
    'floating-panel',
    className ?? '',
    vertical ? 'floating-panel--vertical' : '',
    minimized ? 'floating-panel--minimized' : '',
    isFree ? 'floating-panel--free' : '',
  ].join(' ');
  return (
    <section
      ref={setElement}
      className={classes}
      style={style}
      aria-label={label}
      data-testid={testId}
      data-free={isFree}
      data-vertical={vertical}
      data-minimized={minimized}
    >
      <header className="floating-panel__head">
        <button
          type="button"
          className="floating-panel__label"
          {...handleProps}
          title={isFree ? t('fabled.panel.reset') : t('fabled.panel.drag')}
          data-testid={`${testId}-label`}
        >
          {label}
        </button>
        <span className="floating-panel__actions">
          {!minimized && actions}
          <button
            type="button"
            className="floating-panel__button"
            onClick={toggleVertical}
            aria-pressed={vertical}
            aria-label={t('fabled.panel.rotate')}
            title={t('fabled.panel.rotate')}
            data-testid={`${testId}-rotate`}
          >
            {vertical ? '⇆' : '⇅'}
          </button>
          <button
            type="button"
            className="floating-panel__button"
            onClick={toggleMinimized}
            aria-expanded={!minimized}
            aria-label={t(minimized ? 'fabled.panel.restore' : 'fabled.panel.minimize')}
            title={t(minimized ? 'fabled.panel.restore' : 'fabled.panel.minimize')}
            data-testid={`${testId}-minimize`}
          >
            {minimized ? '+' : '–'}
          </button>
        </span>
      </header>
      {!minimized && <div className="floating-panel__body">{children}</div>}
    </section>
  );
}
