/**
 * Runs the slowest test files first (longest-processing-time first), so the run does not end with one
 * long file on one worker while the other idles. Vitest orders by the durations it cached on this
 * machine, and a clean clone (CI) has none: it falls back to file size, and the route fuzz (the
 * longest file) started two thirds into the run. The list below is measured (a clean-clone run's JSON
 * report, `endTime − startTime` per file); files not in it follow, by Vitest's own order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, as measured in `npm test` on two cores (the JSON report's endTime − startTime per file, 2026-12-03). */
export const SLOWEST_FILES = [
  'tests/integration/crash-points.test.ts',
  'tests/integration/route-fuzz.test.ts',
  'tests/property/ledger-invariants.test.ts',
  'tests/browser/operators-and-theme.test.ts',
  'tests/integration/login-throttle.test.ts',
  'tests/unit/transactions/listing-backfill-dynamo.test.ts',
  'tests/integration/local-cloud-lifecycle.test.ts',
  'tests/browser/cable-exam.test.ts',
  'tests/browser/purchase-results.test.ts',
  'tests/browser/public-and-mobile.test.ts',
  'tests/browser/money-in-out.test.ts',
  'tests/integration/house-and-vendors.test.ts',
  'tests/browser/catalogue-and-contacts.test.ts',
  'tests/integration/bulk.test.ts',
  'tests/browser/back-office-walk.test.ts',
  'tests/integration/money-in-out.test.ts',
  'tests/browser/newcomer-and-offline.test.ts',
  'tests/browser/admin-refund-notification.test.ts',
  'tests/integration/login-guessing.test.ts',
  'tests/integration/admin-refund-notification.test.ts',
  'tests/browser/money-desk.test.ts',
  'tests/browser/purchase-journey.test.ts',
  'tests/integration/accounts-handler.test.ts',
  'tests/integration/epins.test.ts',
  'tests/browser/api-docs.test.ts',
  'tests/integration/money-desk-profit.test.ts',
  'tests/integration/cable-exam.test.ts',
  'tests/integration/money-desk-floats.test.ts',
  'tests/integration/catalogue-data.test.ts',
  'tests/browser/admin-users.test.ts',
  'tests/browser/session-renewal.test.ts',
  'tests/integration/electricity-msorg.test.ts',
  'tests/integration/original-client-contract.test.ts',
  'tests/browser/admin-audit.test.ts',
  'tests/unit/transactions/listing-counter-groups-dynamo.test.ts',
  'tests/browser/configured-services.test.ts',
  'tests/integration/admin-send-mail.test.ts',
  'tests/integration/transaction-listing.test.ts',
  'tests/integration/electricity.test.ts',
  'tests/unit/back-office/stream-counters-dynamo.test.ts',
  'tests/integration/api-webhooks.test.ts',
  'tests/browser/bulk.test.ts',
  'tests/integration/vtpass-webhook.test.ts',
  'tests/browser/api-key.test.ts',
  'tests/integration/money-airtime.test.ts',
] as const;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = (SLOWEST_FILES as readonly string[]).indexOf(relative(this.ctx.config.root, spec.moduleId));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    const position = new Map(ordered.map((spec, index) => [spec, index]));
    // Stable within a group: Vitest's order where the list says nothing.
    return ordered.sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b) || position.get(a)! - position.get(b)!,
    );
  }
}
