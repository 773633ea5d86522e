/** The one Powertools logger, seen through the domain's small logging port. */
import type { Logger } from '../domain/logger.js';
import { logger } from './observability.js';

export const domainLog: Logger = {
  info: (message, details) => logger.info(message, { ...details }),
  warn: (message, details) => logger.warn(message, { ...details }),
  error: (message, details) => logger.error(message, { ...details }),
};
