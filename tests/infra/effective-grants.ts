/**
 * Every role's effective grants in a synthesized template, one line per (action × resources ×
 * conditions): `Role  Allow dynamodb:UpdateItem  on Table  if ForAllValues:StringLike dynamodb:LeadingKeys=USER#*`.
 * Logical ids lose their CDK hash (TableCD117FA1 → Table), so the list reads like the stack.
 */
import type { CfnTemplate } from '../../infra/local/runtime/template.js';

/** A CDK logical id without its 8-character hash suffix. */
const named = (logicalId: string) => logicalId.replace(/[0-9A-F]{8}$/, '');

/** A resource reference as written in the template, readably. */
function resourceText(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, any>;
  if (v.Ref) return named(v.Ref);
  if (v['Fn::GetAtt']) return `${named(v['Fn::GetAtt'][0])}.${v['Fn::GetAtt'][1]}`;
  if (v['Fn::Join']) return (v['Fn::Join'][1] as unknown[]).map(resourceText).join(v['Fn::Join'][0]);
  return JSON.stringify(value);
}

function conditionText(condition: Record<string, Record<string, unknown>> | undefined): string {
  if (!condition) return '';
  const parts = Object.entries(condition)
    .flatMap(([operator, keys]) => Object.entries(keys).map(([key, values]) => `${operator} ${key}=${[values].flat().map(resourceText).join('|')}`))
    .sort();
  return ` if ${parts.join(' & ')}`;
}

/** Role (without hash) → its sorted grant lines, managed policies included. */
export function effectiveGrants(template: CfnTemplate): Record<string, string[]> {
  const grants: Record<string, string[]> = {};
  const resources = template.Resources;
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::IAM::Role') continue;
    const lines = (grants[named(id)] ??= []);
    for (const arn of resource.Properties?.ManagedPolicyArns ?? []) lines.push(`managed ${resourceText(arn).replace(/^arn::iam::aws:policy\//, '')}`);
  }
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    for (const role of resource.Properties!.Roles as Array<{ Ref: string }>) {
      const lines = (grants[named(role.Ref)] ??= []);
      for (const statement of resource.Properties!.PolicyDocument.Statement as any[]) {
        const on = [statement.Resource].flat().map(resourceText).sort().join(', ');
        for (const action of [statement.Action].flat()) lines.push(`${statement.Effect} ${action} on ${on}${conditionText(statement.Condition)}`);
      }
    }
  }
  for (const lines of Object.values(grants)) lines.sort();
  return grants;
}
