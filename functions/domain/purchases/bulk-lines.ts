/**
 * What a bulk purchase's debit record keeps of its lines: each one validated and priced
 * when the batch was placed, so the line records made later are exactly what was paid for. A module of
 * its own, so the transaction record can name it without importing the bulk rules.
 */
import type { BulkProduct } from '../../../shared/api/bulk.js';
import type { NetworkName } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { DataPlanSnapshot } from '../products/data-plans.js';

export interface BulkLineSpec {
  network: NetworkName;
  phoneNumber: string;
  /** What this line costs the wallet (its share of the batch's one debit). */
  chargeKobo: Kobo;
  costKobo: Kobo;
  /** Airtime: the face value delivered. */
  faceValueKobo?: Kobo;
  /** Data: the plan as it was when bought. */
  dataPlan?: DataPlanSnapshot;
  /** Whether the number may be one of the buyer's saved contacts (absent: unknown). */
  toSavedContact?: boolean;
}

export interface BulkDetails {
  product: BulkProduct;
  lines: BulkLineSpec[];
}
