import { create } from 'zustand';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
} from 'react';

/**
 * A floating panel's place on the screen (spec 3 §3 Bluffs and fabled: the chat, fabled, bluffs and
 * whisper panels hold x, y, width, height, vertical, minimized).
 *
 * - `x`/`y`: the top-left corner in CSS pixels of the window; `null` while the panel sits in its
 *   docked place (where its stylesheet puts it). A panel with a position is "freely placed".
 * - `width`/`height`: a size the user chose by resizing; `null` for the panel's natural size.
 * - `vertical`: the panel is rotated to a column (its content decides what that means).
 * - `minimized`: only the panel's label shows.
 */
export interface PanelPosition {
  x: number | null;
  y: number | null;
  width: number | null;
  height: number | null;
  vertical: boolean;
  minimized: boolean;
}

export const DOCKED_POSITION: Readonly<PanelPosition> = Object.freeze({
  x: null,
  y: null,
  width: null,
  height: null,
  vertical: false,
  minimized: false,
});

/** Spec 3 §4 Settings behaviours / §9: resize (and move) saves are debounced 500 ms. */
export const PANEL_SAVE_DEBOUNCE_MS = 500;

/** A press that moves less than this is a click on the label, not a drag. */
export const DRAG_THRESHOLD_PX = 4;

const STORAGE_PREFIX = 'belfry.panel.';

export const panelStorageKey = (key: string): string => `${STORAGE_PREFIX}${key}`;

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A stored position, or the docked defaults for anything missing or malformed. */
export const parsePanelPosition = (raw: string | null, defaults: PanelPosition = DOCKED_POSITION): PanelPosition => {
  if (!raw) return { ...defaults };
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return { ...defaults };
    const x = numberOrNull(value.x);
    const y = numberOrNull(value.y);
    const width = numberOrNull(value.width);
    const height = numberOrNull(value.height);
    return {
      // Both or neither: half a position is no position.
      x: x !== null && y !== null ? x : null,
      y: x !== null && y !== null ? y : null,
      width: width !== null && width > 0 ? width : defaults.width,
      height: height !== null && height > 0 ? height : defaults.height,
      vertical: typeof value.vertical === 'boolean' ? value.vertical : defaults.vertical,
      minimized: typeof value.minimized === 'boolean' ? value.minimized : defaults.minimized,
    };
  } catch {
    return { ...defaults };
  }
};

export interface Size {
  width: number;
  height: number;
}

/**
 * Spec 3 §4: dragged positions are clamped to the window. A panel larger than the window keeps its
 * top-left corner on screen.
 */
export const clampPanelPoint = (
  point: { x: number; y: number },
  size: Size,
  viewport: Size,
): { x: number; y: number } => ({
  x: Math.round(Math.max(0, Math.min(point.x, viewport.width - size.width))),
  y: Math.round(Math.max(0, Math.min(point.y, viewport.height - size.height))),
});

/** A resized panel: at least the minimum, at most what fits right of and below its corner. */
export const clampPanelSize = (size: Size, corner: { x: number; y: number }, viewport: Size, minimum: Size): Size => ({
  width: Math.round(Math.max(minimum.width, Math.min(size.width, viewport.width - corner.x))),
  height: Math.round(Math.max(minimum.height, Math.min(size.height, viewport.height - corner.y))),
});

/**
 * Runs `save` `delay` ms after the last call (spec 3: 500 ms); `flush` runs a pending save now, e.g.
 * when the panel goes away.
 */
export const debounced = <T>(save: (value: T) => void, delay = PANEL_SAVE_DEBOUNCE_MS) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { value: T } | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending) {
      const { value } = pending;
      pending = null;
      save(value);
    }
  };
  const call = (value: T) => {
    pending = { value };
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, delay);
  };
  return { call, flush };
};

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const readStored = (key: string, defaults: PanelPosition): PanelPosition => {
  try {
    return parsePanelPosition(storage()?.getItem(panelStorageKey(key)) ?? null, defaults);
  } catch {
    return { ...defaults };
  }
};

const writeStored = (key: string, position: PanelPosition): void => {
  try {
    storage()?.setItem(panelStorageKey(key), JSON.stringify(position));
  } catch {
    // Kept for this visit only (private mode, full storage).
  }
};

const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

export interface DraggablePanelOptions {
  /** Where a new panel starts (vertical / minimized defaults); x and y null keep it docked. */
  defaults?: Partial<PanelPosition>;
  /** Spec 3 §3 isPositioningDisabled: no dragging, no resizing, the label click does nothing. */
  disabled?: boolean;
  /** The smallest size resizing allows (default 160 × 60). */
  minSize?: Size;
}

const DEFAULT_MIN_SIZE: Size = { width: 160, height: 60 };

interface DragStart {
  kind: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  rect: DOMRect;
  moved: boolean;
}

export interface DraggablePanel {
  position: PanelPosition;
  /** Whether the panel has left its docked place. */
  isFree: boolean;
  /** The callback ref for the panel's outer element (it is measured when a drag starts). */
  setElement: (element: HTMLElement | null) => void;
  /** Inline style for the outer element: fixed left/top when free, and a chosen size. */
  style: CSSProperties;
  /**
   * Spread on the label (the drag handle). A drag moves the panel; a plain click on the label of a
   * freely placed panel puts it back in its docked place (spec 3 §2), unless positioning is disabled.
   */
  handleProps: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
    onClick: () => void;
  };
  /** Spread on a corner grip to let the user resize the panel. */
  resizeHandleProps: DraggablePanel['handleProps'];
  /** Back to the docked place (size, vertical and minimized are kept). */
  reset: () => void;
  toggleVertical: () => void;
  toggleMinimized: () => void;
  /** Replaces fields directly (e.g. restoring a size); the result is saved like any change. */
  update: (change: Partial<PanelPosition>) => void;
}

/**
 * A panel the user can drag (pointer events, mouse, pen and touch alike), resize, rotate to vertical
 * and minimise, remembered per `key` in localStorage (saved 500 ms after the last change). Generic:
 * the fabled and bluffs tabs use it, and any other floating panel (chat, whispers) can.
 *
 * The panel renders itself with `position: fixed` (a portal to the body avoids transformed
 * ancestors); while docked its stylesheet places it, once dragged `style` carries left/top.
 * Positions are clamped to the window when dragged and again when the window shrinks.
 */
/** Settings → positioning disabled (spec 3 §3), set by the settings feature for every panel of the page. */
const usePositioning = create<{ disabled: boolean }>(() => ({ disabled: false }));
export const setPositioningDisabled = (disabled: boolean): void => usePositioning.setState({ disabled });

export function useDraggablePanel(key: string, options: DraggablePanelOptions = {}): DraggablePanel {
  const globallyDisabled = usePositioning((state) => state.disabled);
  const { disabled = globallyDisabled, defaults, minSize } = options;
  const [position, setPosition] = useState<PanelPosition>(() => readStored(key, { ...DOCKED_POSITION, ...defaults }));
  // A different key is a different panel: read its own record (state adjusted while rendering).
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setPosition(readStored(key, { ...DOCKED_POSITION, ...defaults }));
  }

  // What the pointer handlers read: kept current after each render.
  const settings = useRef({ disabled, minSize: minSize ?? DEFAULT_MIN_SIZE });
  useEffect(() => {
    settings.current = { disabled, minSize: minSize ?? DEFAULT_MIN_SIZE };
  });
  const element = useRef<HTMLElement | null>(null);
  const drag = useRef<DragStart | null>(null);
  const justDragged = useRef(false);

  // Every change is saved 500 ms after the last one; leaving (or another key) saves at once.
  const saver = useRef<ReturnType<typeof debounced<PanelPosition>> | null>(null);
  useEffect(() => {
    const own = debounced<PanelPosition>((value) => writeStored(key, value));
    saver.current = own;
    return () => own.flush();
  }, [key]);
  const unchanged = useRef(true);
  useEffect(() => {
    // The position read at mount is not a change.
    if (unchanged.current) {
      unchanged.current = false;
      return;
    }
    saver.current?.call(position);
  }, [position]);

  const update = useCallback((change: Partial<PanelPosition>) => setPosition((p) => ({ ...p, ...change })), []);

  // A smaller window, or a panel grown by rotating or restoring it, is pulled back inside.
  const keepInside = useCallback(
    () =>
      setPosition((p) => {
        if (p.x === null || p.y === null) return p;
        const rect = element.current?.getBoundingClientRect();
        const size = { width: rect?.width ?? p.width ?? 0, height: rect?.height ?? p.height ?? 0 };
        const next = clampPanelPoint({ x: p.x, y: p.y }, size, viewport());
        return next.x === p.x && next.y === p.y ? p : { ...p, ...next };
      }),
    [],
  );
  useEffect(() => {
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [keepInside]);
  useLayoutEffect(keepInside, [position.vertical, position.minimized, keepInside]);

  const begin = useCallback((kind: DragStart['kind'], event: PointerEvent<HTMLElement>) => {
    if (settings.current.disabled || !element.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = {
      kind,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      rect: element.current.getBoundingClientRect(),
      moved: false,
    };
    justDragged.current = false;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic or already-released pointer: moves still arrive while over the handle.
    }
  }, []);

  const move = useCallback((event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.startX;
    const dy = event.clientY - start.startY;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    start.moved = true;
    event.preventDefault();
    const screen = viewport();
    if (start.kind === 'move') {
      const point = clampPanelPoint(
        { x: start.rect.left + dx, y: start.rect.top + dy },
        { width: start.rect.width, height: start.rect.height },
        screen,
      );
      setPosition((p) => ({ ...p, ...point }));
    } else {
      const corner = { x: start.rect.left, y: start.rect.top };
      const size = clampPanelSize(
        { width: start.rect.width + dx, height: start.rect.height + dy },
        corner,
        screen,
        settings.current.minSize,
      );
      // Resizing a docked panel leaves it docked; only its size changes.
      setPosition((p) => ({ ...p, ...size }));
    }
  }, []);

  const end = useCallback((event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    justDragged.current = start.moved;
    try {
      event.currentTarget.releasePointerCapture(event.pointerId);
    } catch {
      // Released already.
    }
  }, []);

  const reset = useCallback(() => setPosition((p) => (p.x === null ? p : { ...p, x: null, y: null })), []);

  const onLabelClick = useCallback(() => {
    // The click that ends a drag is not a click on the label.
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    if (!settings.current.disabled) reset();
  }, [reset]);

  const onMoveStart = useCallback((event: PointerEvent<HTMLElement>) => begin('move', event), [begin]);
  const onResizeStart = useCallback((event: PointerEvent<HTMLElement>) => begin('resize', event), [begin]);
  const onResizeClick = useCallback(() => {
    justDragged.current = false;
  }, []);
  const setElement = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);

  const isFree = position.x !== null && position.y !== null && !disabled;
  const style: CSSProperties = {
    ...(isFree ? { position: 'fixed', left: position.x!, top: position.y!, right: 'auto', bottom: 'auto' } : {}),
    ...(position.width !== null && !position.minimized ? { width: position.width } : {}),
    ...(position.height !== null && !position.minimized ? { height: position.height } : {}),
  };

  return {
    position,
    isFree,
    setElement,
    style,
    handleProps: {
      onPointerDown: onMoveStart,
      onPointerMove: move,
      onPointerUp: end,
      onPointerCancel: end,
      onClick: onLabelClick,
    },
    resizeHandleProps: {
      onPointerDown: onResizeStart,
      onPointerMove: move,
      onPointerUp: end,
      onPointerCancel: end,
      onClick: onResizeClick,
    },
    reset,
    toggleVertical: useCallback(() => setPosition((p) => ({ ...p, vertical: !p.vertical })), []),
    toggleMinimized: useCallback(() => setPosition((p) => ({ ...p, minimized: !p.minimized })), []),
    update,
  };
}
