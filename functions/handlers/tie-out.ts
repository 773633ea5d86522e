/**
 * Scheduled, once a day after midnight in Lagos: checks that the books tie out (Σ every wallet +
 * the house account = money in − money out; rules in domain/money-desk/tie-out.ts), keeps the
 * result for the back office and publishes the difference, which alarms when it is not zero.
 */
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { gaugeTieOutDifference } from '../adapters/metrics.js';
import { logger } from '../adapters/observability.js';
import { readTieOut, recordTieOut } from '../adapters/dynamo/money-desk/tie-out-store.js';
import { checkTieOut } from '../domain/money-desk/tie-out.js';
import { backgroundFunction } from '../middleware/background.js';

loadEnv([...ENV_GROUPS.table]);

export const tieOutHandler = async () => {
  const result = await checkTieOut({ read: readTieOut, pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now: () => new Date() });
  await recordTieOut(result);
  gaugeTieOutDifference(result.differenceKobo);
  if (result.tiesOut) logger.info('the books tie out', { ...result });
  else logger.error('the books do not tie out', { ...result });
  return result;
};

export const handler = backgroundFunction(tieOutHandler);
