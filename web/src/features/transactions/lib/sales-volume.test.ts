import { describe, expect, it } from 'vitest';
import { formatDataVolume, formatVolumeSold } from './sales-volume.js';

describe('sales volume display', () => {
  it('data below 1000 GB is shown in GB', () => {
    expect(formatDataVolume(0.5)).toBe('0.5 GB');
    expect(formatDataVolume(12.25)).toBe('12.25 GB');
    expect(formatDataVolume(999.999)).toBe('999.999 GB');
  });

  it('1000 GB or more is shown in TB with 2 decimals', () => {
    expect(formatDataVolume(1000)).toBe('1.00 TB');
    expect(formatDataVolume(1234.5)).toBe('1.23 TB');
    expect(formatDataVolume(25_500)).toBe('25.50 TB');
  });

  it('airtime and electricity volumes stay in naira', () => {
    expect(formatVolumeSold({ total_volume_sold: 1500, unit: 'NGN' })).toMatch(/^₦1,500(\.00)?$/);
    expect(formatVolumeSold({ total_volume_sold: 2048, unit: 'GB' })).toBe('2.05 TB');
  });
});
