/** The configured providers, built once per container from PROVIDERS_CONFIG and their secrets. */
import type { CardPayments, IdentityVerifier, Payouts, ReservedAccounts } from '../../domain/money/payments-port.js';
import { providerSecret, providersFromEnv, providerTimeoutMs } from './providers-config.js';
import { premblyIdentity } from './identity.js';
import { monnifyReservedAccounts } from './monnify.js';
import { paystackPayouts } from './paystack.js';
import { squadCardPayments } from './squad.js';

let squad: CardPayments | undefined;
let monnify: ReservedAccounts | undefined;
let paystack: Payouts | undefined;
let identity: IdentityVerifier | undefined;

export function cardPaymentsFromEnv(): CardPayments {
  squad ??= squadCardPayments({ baseUrl: providersFromEnv().squad.baseUrl, secretKey: () => providerSecret('squadSecretKey'), timeoutMs: providerTimeoutMs() });
  return squad;
}

export function reservedAccountsFromEnv(): ReservedAccounts {
  monnify ??= monnifyReservedAccounts({
    baseUrl: providersFromEnv().monnify.baseUrl,
    contractCode: providersFromEnv().monnify.contractCode,
    apiKey: () => providerSecret('monnifyApiKey'),
    secretKey: () => providerSecret('monnifySecretKey'),
    timeoutMs: providerTimeoutMs(),
  });
  return monnify;
}

export function payoutsFromEnv(): Payouts {
  paystack ??= paystackPayouts({
    baseUrl: providersFromEnv().paystack.baseUrl,
    secretKey: () => providerSecret('paystackSecretKey'),
    timeoutMs: providerTimeoutMs(),
  });
  return paystack;
}

export function identityFromEnv(): IdentityVerifier {
  identity ??= premblyIdentity({
    baseUrl: providersFromEnv().identity.baseUrl,
    appId: providersFromEnv().identity.appId,
    apiKey: () => providerSecret('identityApiKey'),
    timeoutMs: providerTimeoutMs(),
  });
  return identity;
}
