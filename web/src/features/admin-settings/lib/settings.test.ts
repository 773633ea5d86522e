import { describe, expect, it } from 'vitest';
import type { ServiceView } from '@shared/api/admin.js';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { SERVICE_ROWS, costPriceBody, costPriceForm, serviceStatusOf } from './settings.js';

describe('admin settings', () => {
  it('offers airtime and data per network, data alone per MTN product', () => {
    expect(SERVICE_ROWS.map((r) => r.name)).toEqual(['MTN', 'GLO', 'AIRTEL', '9MOBILE', 'MTN-CG', 'MTN-SME2', 'MTN-COUPON']);
    expect(SERVICE_ROWS.find((r) => r.name === 'MTN-CG')?.types).toEqual(['data']);
    expect(SERVICE_ROWS.find((r) => r.name === 'GLO')?.types).toEqual(['airtime', 'data']);
  });

  it('reads a service status, available when never set', () => {
    const services = [{ serviceName: 'GLO', serviceType: 'data', serviceStatus: 'locked' }] as ServiceView[];
    expect(serviceStatusOf(services, 'data', 'GLO')).toBe('locked');
    expect(serviceStatusOf(services, 'airtime', 'GLO')).toBe('available');
    expect(serviceStatusOf(undefined, 'data', 'MTN')).toBe('available');
  });

  it('wants a non-zero cost price and sends it in naira', async () => {
    const warning = async (costPrice: string) => (await submitForm(costPriceForm, { costPrice }, ['costPrice'])).warning;
    expect(await warning('')).toBe(MSG.enterValidPrice);
    expect(await warning('0')).toBe(MSG.enterValidPrice);
    expect(await warning('abc')).toBe(MSG.enterValidPrice);
    const { values } = await submitForm(costPriceForm, { costPrice: ' 255.5 ' });
    expect(costPriceBody('MTN-CG', values!.costPrice!)).toEqual({ network: 'MTN-CG', costPrice: 255.5 });
  });
});
