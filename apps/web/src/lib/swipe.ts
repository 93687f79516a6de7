/** Spec 000 §9: the navigation panel swipe (minimum 30px, default 50px, within 300ms). */
export const PANEL_SWIPE_MIN_PX = 30;
export const SWIPE_DEFAULT_PX = 50;
export const SWIPE_MAX_MS = 300;
/** Spec 000 §9: the language picker changes on a vertical drag of more than 40px. */
export const LANGUAGE_DRAG_PX = 40;

export type SwipeDirection = 'up' | 'down';

/** A vertical swipe from (startY, startTime) to (endY, endTime), or undefined when too short or too slow. */
export function detectSwipe(
  startY: number,
  startTime: number,
  endY: number,
  endTime: number,
  minDistance: number = SWIPE_DEFAULT_PX,
  maxDuration: number = SWIPE_MAX_MS,
): SwipeDirection | undefined {
  if (endTime - startTime > maxDuration) return undefined;
  const dy = endY - startY;
  if (Math.abs(dy) < minDistance) return undefined;
  return dy < 0 ? 'up' : 'down';
}
