/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias, see
 * LAMBDA_BUNDLING). On Lambda (and LocalStack's Lambda) the execution role's credentials are always
 * in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, so the SDK's full chain (SSO,
 * profiles, web identity, container and instance metadata, with their nested STS/SSO clients: about
 * 85 KB per bundle) is never used there. The local cloud runs the sources unbundled, with the full chain.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
