/** How the sales statistics show a volume sold: data in GB, or TB with 2 decimals from 1000 GB; airtime and electricity in naira. */
import type { SalesStat } from '@shared/api/transactions.js';
import { showNaira } from '@/lib/money.js';

export const GB_PER_TB = 1000;

export function formatDataVolume(gb: number): string {
  if (gb >= GB_PER_TB) return `${(gb / GB_PER_TB).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} TB`;
  return `${gb.toLocaleString('en-NG', { maximumFractionDigits: 3 })} GB`;
}

export function formatVolumeSold(stat: Pick<SalesStat, 'total_volume_sold' | 'unit'>): string {
  return stat.unit === 'GB' ? formatDataVolume(stat.total_volume_sold) : showNaira(stat.total_volume_sold);
}
