/**
 * One logger for every function (Powertools: structured JSON; `injectLambdaContext` adds the request
 * id to each line). Powertools reads its own variables, POWERTOOLS_SERVICE_NAME and
 * POWERTOOLS_LOG_LEVEL (default INFO), once, here, at cold start.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger();
