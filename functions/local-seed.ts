/**
 * Accounts the local cloud needs on every start: the admin (login printed by `npm start`), a demo
 * user with ₦5,000 to spend and a demo agent. Idempotent: existing accounts are left as they are
 * (their passwords are never overwritten) and the demo credit has a fixed transaction id, so it
 * is safe to run on every start.
 */
import { DEFAULT_USER_TYPE } from '../shared/constants.js';
import { nairaToKobo } from '../shared/money.js';
import { dynamoLedger } from './adapters/dynamo/wallet/ledger.js';
import { createUser, getUserByUserName, setRoles, type NewUser } from './adapters/dynamo/accounts/users.js';
import { hashPassword } from './domain/accounts/passwords.js';
import { seedBillCatalogue, seedCatalogue, type CatalogueSeedSummary } from './catalogue-seed.js';
import { createConfiguredServicesIfAbsent } from './adapters/dynamo/configured-services/configured-services.js';
import { seedConfiguredServices } from './domain/products/configured-service-catalogue.js';

/** Their addresses are ones the mail event takes (shared/events.ts), so mail to them (a password reset, an admin's mail) reaches the local mail viewer. */
export const DEMO_USER = { userName: 'demo', password: 'demo-password-1', email: 'demo@example.com', phoneNumber: '08000000001' } as const;
export const DEMO_AGENT = { userName: 'agent', password: 'agent-password-1', email: 'agent@example.com', phoneNumber: '08000000002' } as const;

/** The ledger's idempotency key for the demo wallet's one-time funding. */
export const DEMO_CREDIT_ID = 'seed-demo-credit';
export const DEMO_CREDIT_KOBO = nairaToKobo(5_000);

export type SeedOutcome = 'created' | 'existed' | 'skipped: email already registered';

export interface SeedSummary {
  admin: { userName: string; outcome: SeedOutcome };
  demoUser: { userName: string; password: string; outcome: SeedOutcome };
  demoAgent: { userName: string; password: string; outcome: SeedOutcome };
  /** `credited` on the first start, `already credited` afterwards. */
  demoWallet: 'credited' | 'already credited' | 'not credited: demo user missing' | `not credited: ${string}`;
  /** The data-plan catalogue (existing plans and cost prices are left as they are). */
  catalogue: CatalogueSeedSummary;
}

async function ensureUser(account: Omit<NewUser, 'passwordHash'> & { password: string }): Promise<{ outcome: SeedOutcome; userId?: string }> {
  const existing = await getUserByUserName(account.userName);
  if (existing) return { outcome: 'existed', userId: existing.userId };
  const { password, ...rest } = account;
  const created = await createUser({ ...rest, passwordHash: await hashPassword(password) });
  if (created.ok) return { outcome: 'created', userId: created.user.userId };
  if (created.reason === 'user_name_taken') {
    // A concurrent start created it between our read and write.
    return { outcome: 'existed', userId: (await getUserByUserName(account.userName))?.userId };
  }
  return { outcome: 'skipped: email already registered' };
}

export async function seedLocalData(options: { admin: { userName: string; password: string; email: string } }): Promise<SeedSummary> {
  // Side by side: no two of these write the same item, and a test cloud runs this at each of its starts
  // (one after the other they took 0.5–0.7 s of a 0.9 s start).
  const [admin, demoUser, demoAgent, catalogue] = await Promise.all([
    ensureUser({ ...options.admin, phoneNumber: '08000000000', fullName: 'Administrator', isAdmin: true }),
    ensureUser({ ...DEMO_USER, fullName: 'Demo User', userType: DEFAULT_USER_TYPE }),
    ensureUser({ ...DEMO_AGENT, fullName: 'Demo Agent', isAgent: true }),
    seedCatalogue(),
    seedBillCatalogue(),
    // Smile and Spectranet, offered by configuration (an admin's later changes are kept).
    createConfiguredServicesIfAbsent(seedConfiguredServices(new Date())),
  ]);
  // The configured admin name is an admin, even if the account predates the flag.
  if (admin.outcome === 'existed' && admin.userId) await setRoles(admin.userId, { isAdmin: true });
  const demoWallet = demoUser.userId ? await creditDemoWallet(demoUser.userId) : 'not credited: demo user missing';
  return {
    admin: { userName: options.admin.userName, outcome: admin.outcome },
    demoUser: { userName: DEMO_USER.userName, password: DEMO_USER.password, outcome: demoUser.outcome },
    demoAgent: { userName: DEMO_AGENT.userName, password: DEMO_AGENT.password, outcome: demoAgent.outcome },
    demoWallet,
    catalogue,
  };
}

async function creditDemoWallet(userId: string): Promise<SeedSummary['demoWallet']> {
  const now = new Date().toISOString();
  const result = await dynamoLedger.credit({
    id: DEMO_CREDIT_ID,
    userId,
    trans_UserName: DEMO_USER.userName,
    trans_Type: 'wallet',
    trans_Status: 'success',
    trans_Network: '',
    phone_number: '',
    amountKobo: DEMO_CREDIT_KOBO,
    createdAt: now,
    updatedAt: now,
    description: 'Demo wallet funding (local seed)',
  });
  switch (result.kind) {
    case 'posted':
      return 'credited';
    case 'replayed':
      return 'already credited';
    default:
      // e.g. the id belongs to an earlier demo user of the same data directory.
      return `not credited: ${result.kind}`;
  }
}
