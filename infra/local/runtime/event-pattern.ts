/**
 * EventBridge event-pattern matching, for the local bus.
 *
 * Supports the operators the stack uses or is likely to use soon: exact values (string, number,
 * boolean, null), `prefix`, `suffix`, `equals-ignore-case`, `anything-but` (value, list or
 * {prefix}/{suffix}), `exists` and `numeric`. Anything else (`wildcard`, `cidr`, `$or`, typos)
 * is rejected when the rule is loaded, so a pattern that would behave differently on AWS never
 * silently matches nothing (or everything) locally.
 */

export class EventPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventPatternError';
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type LeafTest = (value: Json | undefined, present: boolean) => boolean;
export type EventMatcher = (event: unknown) => boolean;

const SUPPORTED = ['prefix', 'suffix', 'equals-ignore-case', 'anything-but', 'exists', 'numeric'];

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Compiles a pattern once (validating it) into a fast predicate. `where` names the rule in errors. */
export function compileEventPattern(pattern: unknown, where = 'event pattern'): EventMatcher {
  if (!isObject(pattern)) throw new EventPatternError(`${where}: a pattern must be a JSON object`);
  const test = compileObject(pattern, where);
  return (event) => isObject(event) && test(event);
}

function compileObject(pattern: Record<string, Json>, path: string): (value: Record<string, Json>) => boolean {
  const keys = Object.keys(pattern);
  if (keys.length === 0) throw new EventPatternError(`${path}: empty object in pattern`);
  const fieldTests = keys.map((key) => {
    if (key.startsWith('$')) throw new EventPatternError(`${path}.${key}: unsupported pattern operator "${key}" (supported: ${SUPPORTED.join(', ')})`);
    const sub = pattern[key];
    const subPath = `${path}.${key}`;
    if (Array.isArray(sub)) {
      const leaf = compileLeafList(sub, subPath);
      return (value: Record<string, Json>) => leaf(value[key], Object.hasOwn(value, key));
    }
    if (isObject(sub)) {
      const nested = compileObject(sub, subPath);
      // An absent (or non-object) field only satisfies a nested pattern made purely of exists:false.
      const absentOk = onlyExistsFalse(sub);
      return (value: Record<string, Json>) => {
        const child = value[key];
        return isObject(child) ? nested(child) : absentOk && child === undefined;
      };
    }
    throw new EventPatternError(`${subPath}: pattern values must be arrays or objects, got ${JSON.stringify(sub)}`);
  });
  return (value) => fieldTests.every((test) => test(value));
}

function onlyExistsFalse(pattern: Record<string, Json>): boolean {
  return Object.values(pattern).every((sub) =>
    Array.isArray(sub) ? sub.length === 1 && isObject(sub[0]) && sub[0].exists === false : isObject(sub) && onlyExistsFalse(sub),
  );
}

/** A list of alternatives for one field: the field matches when any alternative does. */
function compileLeafList(list: Json[], path: string): LeafTest {
  if (list.length === 0) throw new EventPatternError(`${path}: empty array in pattern`);
  const alternatives = list.map((item) => compileAlternative(item, path));
  return (value, present) => {
    // A list-valued event field matches when any of its elements matches (exists looks at the field itself).
    if (Array.isArray(value)) {
      return alternatives.some((alt) => (alt.onField ? alt.test(value, present) : value.some((element) => alt.test(element, true))));
    }
    return alternatives.some((alt) => alt.test(value, present));
  };
}

interface Alternative {
  /** True for tests on the field as a whole (exists), false for tests of each value. */
  onField: boolean;
  test: LeafTest;
}

function compileAlternative(item: Json, path: string): Alternative {
  if (item === null || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
    return { onField: false, test: (value, present) => present && value === item };
  }
  if (Array.isArray(item)) throw new EventPatternError(`${path}: nested arrays are not allowed in patterns`);
  const operators = Object.keys(item);
  if (operators.length !== 1) {
    throw new EventPatternError(`${path}: an operator object must have exactly one key, got ${JSON.stringify(item)}`);
  }
  const operator = operators[0]!;
  const operand = item[operator] as Json;
  switch (operator) {
    case 'prefix':
    case 'suffix':
      return { onField: false, test: affixTest(operator, operand, path) };
    case 'equals-ignore-case': {
      if (typeof operand !== 'string') throw new EventPatternError(`${path}: equals-ignore-case needs a string`);
      const lower = operand.toLowerCase();
      return { onField: false, test: (value, present) => present && typeof value === 'string' && value.toLowerCase() === lower };
    }
    case 'exists': {
      if (typeof operand !== 'boolean') throw new EventPatternError(`${path}: exists needs true or false`);
      // EventBridge's exists applies to leaf values: an object-valued field does not "exist" for it.
      return {
        onField: true,
        test: (value, present) => {
          const isLeaf = present && value !== undefined && !isObject(value);
          return operand ? isLeaf : !present || value === undefined;
        },
      };
    }
    case 'anything-but':
      return { onField: false, test: anythingButTest(operand, path) };
    case 'numeric':
      return { onField: false, test: numericTest(operand, path) };
    default:
      throw new EventPatternError(`${path}: unsupported pattern operator "${operator}" (supported: ${SUPPORTED.join(', ')})`);
  }
}

function affixTest(operator: 'prefix' | 'suffix', operand: Json, path: string): LeafTest {
  let affix: string;
  let ignoreCase = false;
  if (typeof operand === 'string') affix = operand;
  else if (isObject(operand) && Object.keys(operand).length === 1 && typeof operand['equals-ignore-case'] === 'string') {
    affix = (operand['equals-ignore-case'] as string).toLowerCase();
    ignoreCase = true;
  } else throw new EventPatternError(`${path}: ${operator} needs a string`);
  return (value, present) => {
    if (!present || typeof value !== 'string') return false;
    const subject = ignoreCase ? value.toLowerCase() : value;
    return operator === 'prefix' ? subject.startsWith(affix) : subject.endsWith(affix);
  };
}

function anythingButTest(operand: Json, path: string): LeafTest {
  // anything-but never matches a missing field (EventBridge semantics).
  if (operand === null || typeof operand === 'string' || typeof operand === 'number' || typeof operand === 'boolean') {
    return (value, present) => present && value !== undefined && value !== operand;
  }
  if (Array.isArray(operand)) {
    if (operand.length === 0) throw new EventPatternError(`${path}: anything-but needs at least one value`);
    for (const excluded of operand) {
      if (typeof excluded !== 'string' && typeof excluded !== 'number') {
        throw new EventPatternError(`${path}: anything-but lists may hold only strings or numbers`);
      }
    }
    return (value, present) => present && value !== undefined && !operand.includes(value as string | number);
  }
  if (isObject(operand) && Object.keys(operand).length === 1 && ('prefix' in operand || 'suffix' in operand)) {
    const operator = 'prefix' in operand ? 'prefix' : 'suffix';
    const inner = affixTest(operator, operand[operator] as Json, `${path}.anything-but`);
    return (value, present) => present && typeof value === 'string' && !inner(value, true);
  }
  throw new EventPatternError(`${path}: unsupported anything-but operand ${JSON.stringify(operand)}`);
}

const NUMERIC_OPERATORS: Record<string, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

function numericTest(operand: Json, path: string): LeafTest {
  if (!Array.isArray(operand) || operand.length === 0 || operand.length % 2 !== 0) {
    throw new EventPatternError(`${path}: numeric needs pairs of [operator, number]`);
  }
  const checks: Array<(n: number) => boolean> = [];
  for (let i = 0; i < operand.length; i += 2) {
    const operator = operand[i];
    const bound = operand[i + 1];
    const compare = typeof operator === 'string' ? NUMERIC_OPERATORS[operator] : undefined;
    if (!compare) throw new EventPatternError(`${path}: unknown numeric operator ${JSON.stringify(operator)}`);
    if (typeof bound !== 'number' || !Number.isFinite(bound)) throw new EventPatternError(`${path}: numeric bound must be a number`);
    checks.push((n) => compare(n, bound));
  }
  return (value, present) => present && typeof value === 'number' && checks.every((check) => check(value));
}
