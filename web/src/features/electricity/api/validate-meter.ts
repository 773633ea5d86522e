import { useMutation } from '@tanstack/react-query';
import type { ValidateMeterResponse } from '@shared/api/purchases.js';
import { ApiError, api } from '@/lib/api-client.js';

export interface ValidateMeterInput {
  meterNumber: string;
  meterId: number;
  meterType: string;
}

export function validateMeter(body: ValidateMeterInput): Promise<ValidateMeterResponse> {
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
