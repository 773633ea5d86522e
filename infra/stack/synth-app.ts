/**
 * The CDK App for in-process synths that only read the template: the local cloud's start and the
 * tests. Bundling is skipped (the local cloud runs the sources), and so is CDK's built-in
 * CloudFormation validation: it cost about 6 CPU-s a synth (its WASM rule engine) and, left at its
 * default, only prints warnings nobody reads there. `cdk synth` and `cdk deploy` run it with every
 * finding an error (cdk.json, `VALIDATION_AS_ERRORS`), and tests/infra/cloudformation-validation.test.ts
 * holds the stack to it.
 */
import { App, type AppProps } from 'aws-cdk-lib';

/** The feature flag that makes the CloudFormation validation's findings errors instead of warnings. */
export const VALIDATION_AS_ERRORS = '@aws-cdk/core:validateAgainstDefaultRules';

export function templateOnlyApp(props: AppProps = {}): App {
  return new App({ ...props, builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [], ...props.context } });
}
