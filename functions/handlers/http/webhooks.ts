/**
 * The providers' webhook receivers (public): POST /webhooks/squad, /webhooks/monnify and
 * /webhooks/paystack, and VTpass's unsigned transaction-update push at /webhooks/vtpass (it only
 * queues the named purchase for a re-query at VTpass). Each checks the provider's HMAC-SHA512 signature over the RAW body, stores
 * the event (de-duplicated by the provider's reference), queues it and answers 200 at once. No
 * money moves here — the provider-events consumer confirms with the provider first. This
 * function may write only WEBHOOK# items and send to its queue (see the stack).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { PaymentProvider } from '../../../shared/events.js';
import { MONEY_MSG } from '../../../shared/messages.js';
import { dynamoProviderEvents } from '../../adapters/dynamo/provider-events.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { logger } from '../../adapters/observability.js';
import { providerSecret, type ProviderSecretName } from '../../adapters/providers/config.js';
import { sqsProviderEventQueue } from '../../adapters/queues.js';
import { sqsFulfilmentQueue } from '../../adapters/sqs.js';
import { receiveVtpassPush } from '../../domain/fulfilment.js';
import { receiveProviderWebhook, type ReceiverDeps } from '../../domain/provider-webhooks.js';
import { VTPASS_PUSH_REPLY } from '../../domain/vtpass-outcome.js';
import type { FulfilmentQueue } from '../../ports/messaging.js';
import { BadRequestError, UnauthorizedError } from '../../middleware/errors.js';
import { httpService, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

/** The exact bytes the provider signed. */
export function rawBodyOf(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

const SIGNING_SECRETS: Record<PaymentProvider, ProviderSecretName> = {
  squad: 'squadSecretKey',
  monnify: 'monnifySecretKey',
  paystack: 'paystackSecretKey',
};

export function webhookOperations(deps: ReceiverDeps & { fulfilment: FulfilmentQueue }) {
  const receiver = (provider: PaymentProvider) => async (request: HttpRequest): Promise<HttpAnswer> => {
    const outcome = await receiveProviderWebhook(provider, rawBodyOf(request.event), request.headers, deps);
    switch (outcome.kind) {
      case 'accepted':
        logger.info('provider webhook received', { provider, eventKey: outcome.eventKey, duplicate: outcome.duplicate, enqueued: outcome.enqueued });
        return { statusCode: 200, body: { response: 'success', received: true, duplicate: outcome.duplicate } };
      case 'unauthorized':
        logger.warn('provider webhook refused: signature', { provider, check: outcome.check, sourceIp: request.sourceIp });
        throw new UnauthorizedError(MONEY_MSG.invalidSignature);
      case 'bad_request':
        logger.warn('provider webhook refused: content', { provider, reason: outcome.reason });
        throw new BadRequestError(outcome.reason);
    }
  };
  // VTpass signs nothing: the push only names a purchase, which the fulfilment consumer re-queries at VTpass.
  const vtpassWebhook = async (request: HttpRequest): Promise<HttpAnswer> => {
    const receipt = await receiveVtpassPush(rawBodyOf(request.event).toString('utf8'), { queue: deps.fulfilment });
    logger.info('VTpass push received', { ...receipt, sourceIp: request.sourceIp });
    if (receipt.kind === 'unreadable') throw new BadRequestError(receipt.reason);
    return { statusCode: 200, body: VTPASS_PUSH_REPLY };
  };
  return { squadWebhook: receiver('squad'), monnifyWebhook: receiver('monnify'), paystackWebhook: receiver('paystack'), vtpassWebhook };
}

export const handler = httpService(
  'webhooks',
  webhookOperations({
    signingSecret: (provider) => providerSecret(SIGNING_SECRETS[provider]),
    events: dynamoProviderEvents,
    queue: sqsProviderEventQueue(),
    fulfilment: sqsFulfilmentQueue(),
    now: () => new Date(),
  }),
  { loadPrincipal },
);
