/** 报名截止 on a result row, as both sites' tender lists show it. */
import { deadlineState, deadlineText, parseTime, type TimeInput } from '@shared/time';

/**
 * "2026-03-12（剩 2 天）", "…（已截止）" with `now` (render-stable: when the list was fetched);
 * null when the tender states no deadline.
 */
export function signupDeadlineLabel(deadline: TimeInput, now: number, format: string): { text: string; closed: boolean } | null {
  const state = deadlineState(deadline, now);
  if (!state) return null;
  return { text: `${parseTime(deadline, format)}（${deadlineText(state)}）`, closed: state.closed };
}
