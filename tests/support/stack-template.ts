/**
 * The platform stack's template as `cdk synth` writes it by default, for the tests that read it: the
 * one the run's global setup synthesized (tests/support/global-template.ts), else synthesized here.
 * Each infra file used to synthesize the same stack again (about 5 s of CPU each); a file that needs
 * other context (domains, a deploy target, a concurrency cap, cdk-nag's aspects) still synthesizes its own.
 */
import { readFileSync } from 'node:fs';
import { synthTemplate, type CfnTemplate } from '../../infra/local/runtime/template.js';
import { SHARED_TEMPLATE_ENV } from './shared-resources.js';

export async function platformTemplate(): Promise<CfnTemplate> {
  const file = process.env[SHARED_TEMPLATE_ENV];
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate) : synthTemplate();
}
