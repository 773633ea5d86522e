/** One logger for every function (Powertools: structured JSON, request id on each line). */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'vtu-platform',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
