/**
 * Spec 001 §1/§9 hard-coded placeholders, sample figures until the bonus engine feeds real ones:
 * the bonus status bar (50 of 90) and the special-tasks ring (1 of 3).
 */
export const SAMPLE_BONUS_STATUS = { volume: 50, max: 90 } as const;
export const SAMPLE_TASKS_RING = { done: 1, total: 3 } as const;
