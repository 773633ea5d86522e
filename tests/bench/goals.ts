/**
 * The bench's goals that hold a run to account: each figure is checked as it is printed, and a run
 * with a figure past its goal ends with a non-zero exit code after printing everything, so a
 * regression shows in the exit status, not only in a line nobody reads.
 */

export interface GoalCheck {
  figure: string;
  value: number;
  goal: number;
  /** 'at most': the figure must not exceed the goal; 'at least': it must reach it. */
  direction: 'at most' | 'at least';
}

const missed: GoalCheck[] = [];

/** Whether `value` meets its goal; a miss is remembered for `reportMissedGoals`. */
export function holdToGoal(check: GoalCheck): boolean {
  const met = check.direction === 'at most' ? check.value <= check.goal : check.value >= check.goal;
  if (!met) missed.push(check);
  return met;
}

/** The goals missed so far (the bench's tests read them). */
export const missedGoals = (): readonly GoalCheck[] => missed;

/** Prints every missed goal and sets a failing exit code; true when none was missed. */
export function reportMissedGoals(log: (line: string) => void = console.log): boolean {
  if (missed.length === 0) return true;
  log(`\nGoals missed (${missed.length}):`);
  for (const { figure, value, goal, direction } of missed) log(`  ${figure}: ${Number(value.toFixed(2))}, goal ${direction} ${goal}`);
  process.exitCode = 1;
  return false;
}
