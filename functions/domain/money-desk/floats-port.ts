/** What the float rules need from the outside: the store of observations and the alert channels. Adapters: adapters/dynamo/money-desk, the bus, metrics. */
import type { Kobo } from '../../../shared/money.js';
import type { FloatLevel, FloatRates, FloatThresholds, HourOfFloat, KnownFloat } from './floats.js';

/** A supplier account's float as the store keeps it. */
export interface FloatState extends KnownFloat {
  supplier: string;
  /** Where the float stood at its last evaluation; absent before the first. */
  level?: FloatLevel;
  /** When it last became low (the crossing the admins were told of). */
  lowSince?: string;
  thresholds: FloatThresholds;
  /** Spend rates as the last balance poll computed them (the per-purchase check reads these). */
  rates?: FloatRates;
}

/** A top-up the admin recorded: money sent to the supplier account, so a jump in its balance is explained. */
export interface FloatTopUp {
  supplier: string;
  amountKobo: Kobo;
  /** The Lagos day the money reached the supplier (YYYY-MM-DD). */
  day: string;
  reference: string;
  recordedBy: string;
  recordedAt: string;
}

export interface FloatStore {
  /** Records an observed balance; answers the float after it, or undefined when a later observation is already known (this one changes nothing). */
  observe(supplier: string, balanceKobo: Kobo, at: string): Promise<FloatState | undefined>;
  get(suppliers: readonly string[]): Promise<FloatState[]>;
  /** The hours whose start is from `fromHour` to `toHour` (ISO), oldest first. */
  hours(supplier: string, fromHour: string, toHour: string): Promise<HourOfFloat[]>;
  /** The last hour before `beforeHour` (the balance a day opened with). */
  hourBefore(supplier: string, beforeHour: string): Promise<HourOfFloat | undefined>;
  saveRates(supplier: string, rates: FloatRates): Promise<void>;
  /** Moves the float's level only from `from` (undefined: never evaluated): one caller wins a crossing. */
  changeLevel(supplier: string, from: FloatLevel | undefined, to: FloatLevel, at: string): Promise<boolean>;
  setThresholds(supplier: string, thresholds: FloatThresholds): Promise<void>;
  /** Once per (supplier, day, reference): a repeat is 'duplicate' and changes nothing. */
  addTopUp(topUp: FloatTopUp): Promise<'recorded' | 'duplicate'>;
  topUps(supplier: string, fromDay: string, toDay: string): Promise<FloatTopUp[]>;
}

/** A float that became low, as every admin is told of it. */
export interface LowFloatAlert {
  supplier: string;
  balanceKobo: Kobo;
  hoursLeft: number | null;
  thresholds: FloatThresholds;
  /** When the float crossed (the alert's identity: one mail per admin per crossing). */
  crossedAt: string;
}

export interface FloatAlerts {
  /** Mail to every admin (the banner reads the float's level) and the alarm's metric. */
  lowFloat(alert: LowFloatAlert): Promise<void>;
}
