/** Spec 1 §9 / spec 3 §5: a swipe counts only above 50 px, and only with touch support on. */
export const SWIPE_THRESHOLD_PX = 50;

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

export interface Point {
  x: number;
  y: number;
}

/** The direction of a swipe from `start` to `end` along its longer axis, or null if it does not count. */
export const swipeDirection = (start: Point, end: Point, touchSupport: boolean): SwipeDirection | null => {
  if (!touchSupport) return null;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return null;
    return dx > 0 ? 'right' : 'left';
  }
  if (Math.abs(dy) <= SWIPE_THRESHOLD_PX) return null;
  return dy > 0 ? 'down' : 'up';
};
