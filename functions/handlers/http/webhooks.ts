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
import { ENV } from '../../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoProviderEvents } from '../../adapters/dynamo/money/provider-events.js';
import { countProviderWebhook } from '../../adapters/metrics.js';
import { logger } from '../../adapters/observability.js';
import { providerSecret, type ProviderSecretName } from '../../adapters/providers/providers-config.js';
import { sqsFulfilmentQueue, sqsProviderEventQueue } from '../../adapters/queues.js';
import { receiveSupplierPush } from '../../domain/purchases/fulfilment.js';
import { receiveProviderWebhook, type ReceiveOutcome, type ReceiverDeps } from '../../domain/money/provider-webhooks.js';
import { readVtpassPush, VTPASS_PUSH_REPLY } from '../../adapters/suppliers/vtpass/answers.js';
import type { FulfilmentQueue } from '../../domain/purchases/messaging-port.js';
import { answerWith, httpService, ok, refusal, type PublicOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

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

type WebhookDeps = ReceiverDeps & { fulfilment: FulfilmentQueue };

/** Every outcome of receiving a payment provider's webhook and its answer; refusals are logged with why. */
function receiptAnswer(provider: PaymentProvider, sourceIp: string) {
  return answerWith<ReceiveOutcome>({
    accepted: (outcome) => {
      logger.info('provider webhook received', { provider, eventKey: outcome.eventKey, duplicate: outcome.duplicate, enqueued: outcome.enqueued });
      return ok({ response: 'success', received: true, duplicate: outcome.duplicate });
    },
    unauthorized: (outcome) => {
      logger.warn('provider webhook refused: signature', { provider, check: outcome.check, sourceIp });
      return refusal(401, MONEY_MSG.invalidSignature);
    },
    bad_request: (outcome) => {
      logger.warn('provider webhook refused: content', { provider, reason: outcome.reason });
      return refusal(400, outcome.reason);
    },
  });
}

/** One receiver per payment provider: the same checks, the provider's own signature header and secret. */
function providerWebhookOperation(provider: PaymentProvider, deps: ReceiverDeps): PublicOperation {
  return async ({ event, headers, sourceIp }) => {
    const outcome = await receiveProviderWebhook(provider, rawBodyOf(event), headers, deps);
    countProviderWebhook(provider, outcome.kind === 'accepted');
    return receiptAnswer(provider, sourceIp)(outcome);
  };
}

export const squadWebhookOperation = (deps: ReceiverDeps) => providerWebhookOperation('squad', deps);
export const monnifyWebhookOperation = (deps: ReceiverDeps) => providerWebhookOperation('monnify', deps);
export const paystackWebhookOperation = (deps: ReceiverDeps) => providerWebhookOperation('paystack', deps);

/** VTpass signs nothing: the push only names a purchase, which the fulfilment consumer re-queries at VTpass. */
export function vtpassWebhookOperation(deps: Pick<WebhookDeps, 'fulfilment'>): PublicOperation {
  return async ({ event, sourceIp }) => {
    const receipt = await receiveSupplierPush(readVtpassPush(rawBodyOf(event).toString('utf8')), 'vtpass', { queue: deps.fulfilment });
    logger.info('VTpass push received', { ...receipt, sourceIp });
    countProviderWebhook('vtpass', receipt.kind !== 'unreadable');
    if (receipt.kind === 'unreadable') return refusal(400, receipt.reason);
    return ok(VTPASS_PUSH_REPLY);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.providers, ENV.providerEventsQueueUrl, ENV.fulfilmentQueueUrl]);

const deps: WebhookDeps = {
  signingSecret: (provider) => providerSecret(SIGNING_SECRETS[provider]),
  events: dynamoProviderEvents,
  queue: sqsProviderEventQueue(),
  fulfilment: sqsFulfilmentQueue(),
  now: () => new Date(),
};

export const handler = httpService(
  'webhooks',
  {
    squadWebhook: squadWebhookOperation(deps),
    monnifyWebhook: monnifyWebhookOperation(deps),
    paystackWebhook: paystackWebhookOperation(deps),
    vtpassWebhook: vtpassWebhookOperation(deps),
  },
  edge,
);
