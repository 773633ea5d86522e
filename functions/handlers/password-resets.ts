/**
 * Password reset requests, off the request path. SQS consumer of PasswordResetRequested:
 * counts each against the throttle per address and per client, and for a known address within the
 * limits writes the single-use token and puts the mail on the bus (EmailRequested → the mailer).
 */
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { env, ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { getUserByEmail, savePasswordReset } from '../adapters/dynamo/accounts/users.js';
import { dynamoResetThrottle } from '../adapters/dynamo/accounts/reset-throttle.js';
import { platformEventOf } from '../adapters/envelopes.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { deliverPasswordReset } from '../domain/accounts/password-reset.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.bus, ENV.appBaseUrl]);

export const handler = backgroundFunction(
  sqsBatchHandler(async (record) => {
    const { detail } = platformEventOf(record, EVENT_TYPES.passwordResetRequested);
    const outcome = await deliverPasswordReset(detail, {
      findUserByEmail: getUserByEmail,
      savePasswordReset,
      requestEmail: (email) => publishEvent(EVENT_TYPES.emailRequested, email),
      appBaseUrl: () => env(ENV.appBaseUrl),
      throttle: dynamoResetThrottle,
      now: () => new Date(),
      log: domainLog,
    });
    // Never the address itself in the log: whether it is known is exactly what the answer hides.
    logger.info('password reset request', { messageId: record.messageId, outcome: outcome === 'unknown_address' ? 'mail_requested_or_unknown' : outcome });
  }),
);
