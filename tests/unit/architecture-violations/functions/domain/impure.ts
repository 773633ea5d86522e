// Breaks domain-is-pure three ways: an adapter, a runtime package, and aws-lambda types only.
import type { Context } from 'aws-lambda';
import middy from '@middy/core';
import { store } from '../adapters/store.js';

export const impure = (context: Context) => [middy, store, context.awsRequestId];
