/**
 * The check some products make before the purchase (a meter, a decoder, a JAMB candidate): the
 * supplier's answer is kept as verified; a refusal shows the answer's `name` (where the supplier
 * explains it), else its `msg`, else the product's fallback, under the field only: the same words
 * in a toast as well were said twice, and the toast covered the form it is about.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client.js';

/** A refused verification's words: the response's `name`, else its `msg`, else the fallback. */
export function verificationErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { name?: unknown } | undefined;
    if (body && typeof body.name === 'string' && body.name.trim()) return body.name;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

export function useVerification<Request, Answer>(check: (body: Request) => Promise<Answer>, fallback: string) {
  const mutation = useMutation({ mutationFn: check });
  const [verified, setVerified] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    verified,
    error,
    checking: mutation.isPending,
    /** Asks the supplier; `onVerified` sets up the next step from its answer. */
    verify: (body: Request, onVerified?: (answer: Answer) => void) => {
      setError(null);
      mutation.mutate(body, {
        onSuccess: (answer) => {
          setVerified(answer);
          onVerified?.(answer);
        },
        onError: (failure) => {
          setError(verificationErrorText(failure, fallback));
        },
      });
    },
    /** A local refusal (a number of the wrong shape), said the same way. */
    warn: (text: string) => setError(text),
    clearError: () => setError(null),
    /** Another number, or the purchase made: verify again. */
    forget: () => setVerified(null),
  };
}
