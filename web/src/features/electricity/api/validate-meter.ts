import { useMutation } from '@tanstack/react-query';
import type { ValidateMeterResponse } from '@shared/api/purchases.js';
import { ApiError, api } from '@/lib/api-client.js';
import type { MeterForm } from '../lib/electricity-form.js';

/** POST /buy/validateMeter with the meter as the form parsed it. */
export function validateMeter(body: MeterForm): Promise<ValidateMeterResponse> {
  return api<ValidateMeterResponse>('validateMeter', { body });
}

export function useValidateMeter() {
  return useMutation({ mutationFn: validateMeter });
}

/** A failed validation shows the response's `name` (spec §8), else its `msg`, else the fallback. */
export function meterErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { name?: unknown } | undefined;
    if (body && typeof body.name === 'string' && body.name.trim()) return body.name;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}
