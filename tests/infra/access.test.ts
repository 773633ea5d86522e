/**
 * Least privilege (issue 20 item 8), read from the synthesized template: every role's effective
 * grants (actions × resources × conditions) against the reviewed list in ./expected-grants.ts, and
 * the rules that list must keep: no table write without a leading-key condition, no Scan, password
 * hashes only for the accounts service, the session key only for functions that sign or verify.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { accessOf, FUNCTION_ACCESS } from '../../infra/stack/access.js';
import { ALL_FUNCTIONS } from '../../infra/stack/functions.js';
import { PARTITION_PREFIXES } from '../../shared/table.js';
import { effectiveGrants } from './effective-grants.js';
import { EXPECTED_GRANTS } from './expected-grants.js';
import { platformTemplate } from '../support/stack-template.js';

let grants: Record<string, string[]>;
beforeAll(async () => {
  grants = effectiveGrants(await platformTemplate());
});

const WRITES = /^Allow dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem) on Table\.Arn/;
const READS = /^Allow dynamodb:(GetItem|BatchGetItem|Query|ConditionCheckItem) on Table\.Arn/;
const roleOf = (functionName: string) => `${functionName}ServiceRole`;

describe("every role's effective grants", () => {
  it('are exactly the reviewed list: a grant not in tests/infra/expected-grants.ts fails (and a listed one the stack dropped)', () => {
    for (const [role, lines] of Object.entries(grants)) {
      // CDK's own BucketDeployment handler exists only when web/dist is built (infra/stack/nag.ts acknowledges its grants).
      if (role.startsWith('CustomCDKBucketDeployment')) continue;
      expect(
        lines.filter((line) => !(EXPECTED_GRANTS[role] ?? []).includes(line)),
        `${role}: grants not in the expected list`,
      ).toEqual([]);
    }
    for (const [role, lines] of Object.entries(EXPECTED_GRANTS)) {
      expect(
        lines.filter((line) => !(grants[role] ?? []).includes(line)),
        `${role}: listed grants the stack no longer makes`,
      ).toEqual([]);
    }
  });

  it('every function has a row in the access map, and a function without one does not build', () => {
    for (const spec of ALL_FUNCTIONS) expect(FUNCTION_ACCESS[spec.name], spec.name).toBeDefined();
    expect(() => accessOf('SomeNewFunction')).toThrow(/infra\/stack\/access\.ts/);
  });
});

describe('the table', () => {
  it('no role writes without a leading-key condition (no put, update, delete or batch write anywhere in the table)', () => {
    const unconditioned = Object.entries(grants).flatMap(([role, lines]) =>
      lines.filter((l) => WRITES.test(l) && !l.includes('dynamodb:LeadingKeys')).map((l) => `${role}: ${l}`),
    );
    expect(unconditioned).toEqual([]);
  });

  it('no role may scan: every listing is a query', () => {
    expect(
      Object.values(grants)
        .flat()
        .filter((l) => l.includes('dynamodb:Scan')),
    ).toEqual([]);
  });

  it('password hashes (CREDENTIAL#…) are written by the accounts service alone and read by it and the profile service (the password asked before a key change): every other reader is denied that partition', () => {
    for (const [role, lines] of Object.entries(grants)) {
      const reads = lines.filter((l) => READS.test(l));
      if (role === roleOf('AccountsApi')) continue;
      expect(
        lines.filter((l) => WRITES.test(l) && l.includes(PARTITION_PREFIXES.credential)),
        role,
      ).toEqual([]);
      if (role === roleOf('ProfileApi')) continue;
      for (const read of reads) expect(read, role).toContain(`ForAllValues:StringNotLike dynamodb:LeadingKeys=${PARTITION_PREFIXES.credential}*`);
      expect(
        lines.filter((l) => WRITES.test(l) && l.includes(PARTITION_PREFIXES.credential)),
        role,
      ).toEqual([]);
    }
    expect(grants[roleOf('AccountsApi')]!.filter((l) => WRITES.test(l) && l.includes(`LeadingKeys=${PARTITION_PREFIXES.credential}*`)).length).toBeGreaterThan(
      0,
    );
  });

  it("the roles that share a user's partition without owning its money (contacts, the contact refresh, the webhook log) write only their own attributes, never the wallet's balance, the admin flag or a hash", () => {
    for (const name of ['ContactsApi', 'TransactionStream', 'WebhookDelivery']) {
      const userWrites = grants[roleOf(name)]!.filter((l) => WRITES.test(l) && l.includes(`${PARTITION_PREFIXES.user}*`));
      expect(userWrites.length, name).toBeGreaterThan(0);
      for (const line of userWrites) {
        expect(line, name).toMatch(/ForAllValues:StringEquals dynamodb:Attributes=/);
        for (const attribute of ['balanceKobo', 'isAdmin', 'passwordHash'])
          expect(line.split('dynamodb:Attributes=')[1]!.split('|'), name).not.toContain(attribute);
      }
    }
  });
});

describe('the session signing key', () => {
  it('is readable only by functions that sign or verify tokens: not the public docs, not the providers’ receiver, no consumer', () => {
    const readers = Object.entries(grants)
      .filter(([, lines]) => lines.some((l) => l.startsWith('Allow secretsmanager:GetSecretValue on JwtSecret')))
      .map(([role]) => role);
    expect(readers).not.toContain(roleOf('DocsApi'));
    expect(readers).not.toContain(roleOf('WebhooksApi'));
    for (const consumer of ['Fulfilment', 'Sweeper', 'Mailer', 'TransactionStream', 'ProviderEvents']) expect(readers).not.toContain(roleOf(consumer));
    expect(readers).toEqual(expect.arrayContaining([roleOf('AccountsApi'), roleOf('PurchasesApi'), roleOf('TransactionsApi')]));
  });
});
