import { useId, type ReactNode } from 'react';
import { GameIcon } from '../../ui/icons/GameIcon';

export interface MenuItemProps {
  icon?: string;
  label: string;
  onClick?: () => void;
  /** Why it cannot be used now: shown as a tooltip; the item stays focusable. */
  disabledReason?: string | null;
  shortcut?: string;
  pressed?: boolean;
  pending?: boolean;
  testId?: string;
  danger?: boolean;
  children?: ReactNode;
}

export function MenuItem({
  icon,
  label,
  onClick,
  disabledReason,
  shortcut,
  pressed,
  pending,
  testId,
  danger,
}: MenuItemProps) {
  const hintId = useId();
  const disabled = Boolean(disabledReason);
  return (
    <li className={`menu-item-host ${disabled ? 'tooltip-host tooltip-host--left' : ''}`}>
      <button
        type="button"
        className={`menu-item ${danger ? 'menu-item--danger' : ''} ${pressed ? 'menu-item--on' : ''}`}
        aria-disabled={disabled || undefined}
        aria-describedby={disabled ? hintId : undefined}
        aria-pressed={pressed}
        disabled={pending}
        onClick={(event) => {
          if (disabled) {
            event.preventDefault();
            return;
          }
          onClick?.();
        }}
        data-testid={testId}
      >
        <span className="menu-item__icon" aria-hidden="true">
          {icon && <GameIcon name={icon} />}
        </span>
        <span className="menu-item__label">{label}</span>
        {shortcut && <kbd className="menu-item__key">{shortcut}</kbd>}
      </button>
      {disabled && (
        <span className="tooltip" role="tooltip" id={hintId}>
          {disabledReason}
        </span>
      )}
    </li>
  );
}
