/**
 * Crash points are a local-cloud tool only: the deployed stack must never arm one. No function of
 * the synthesized template carries LOCAL_CRASH_POINT in its environment, the code that would read it
 * is compiled out of every deployed bundle (tests/infra/crash-points-bundle.test.ts), and the names
 * are one typed list. The same for the tests' cheap password
 * hashes: only the local cloud's own code lowers the cost, and no function is told to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  armedCrashPoint,
  CRASH_POINT_ENV,
  CRASH_POINT_PASS_ENV,
  CRASH_POINTS,
  crashPointPass,
  InvalidCrashPointPassError,
  UnknownCrashPointError,
} from '../../functions/adapters/crash-points.js';
import { platformTemplate } from '../support/stack-template.js';

type Resource = { Type: string; Properties?: Record<string, any> };
let functions: Array<[string, Resource]>;

beforeAll(async () => {
  const resources = (await platformTemplate()).Resources as Record<string, Resource>;
  functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
});

describe('crash points stay off in the cloud build', () => {
  it('no function of the synthesized stack has LOCAL_CRASH_POINT (or its pass) in its environment', () => {
    expect(functions.length).toBeGreaterThan(5);
    for (const variable of [CRASH_POINT_ENV, CRASH_POINT_PASS_ENV]) {
      const armed = functions.filter(([, fn]) => variable in (fn.Properties?.Environment?.Variables ?? {})).map(([id]) => id);
      expect(armed, variable).toEqual([]);
    }
  });

  it('unset or empty arms nothing; a known name arms that point; an unknown name is refused by name', () => {
    expect(armedCrashPoint({})).toBeUndefined();
    expect(armedCrashPoint({ [CRASH_POINT_ENV]: '' })).toBeUndefined();
    for (const name of CRASH_POINTS) expect(armedCrashPoint({ [CRASH_POINT_ENV]: name })).toBe(name);
    expect(() => armedCrashPoint({ [CRASH_POINT_ENV]: 'after-everything' })).toThrow(UnknownCrashPointError);
  });

  it('the fatal pass is the first unless LOCAL_CRASH_POINT_PASS names a positive whole number', () => {
    expect(crashPointPass({})).toBe(1);
    expect(crashPointPass({ [CRASH_POINT_PASS_ENV]: '3' })).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two']) expect(() => crashPointPass({ [CRASH_POINT_PASS_ENV]: bad }), bad).toThrow(InvalidCrashPointPassError);
  });
});

describe("the tests' cheap password hashes stay off in the cloud build", () => {
  const sourcesUnder = (folder: string): string[] =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
      .map((path) => join(folder, path));

  it('no function of the synthesized stack has LOCAL_TEST_PASSWORD_HASHES in its environment', () => {
    expect(functions.filter(([, fn]) => 'LOCAL_TEST_PASSWORD_HASHES' in (fn.Properties?.Environment?.Variables ?? {})).map(([id]) => id)).toEqual([]);
  });

  it('only the local cloud lowers the cost of new hashes: no function code does', () => {
    const callers = [...sourcesUnder('functions'), ...sourcesUnder('infra'), ...sourcesUnder('shared')]
      .filter((file) => readFileSync(file, 'utf8').includes('hashNewPasswordsAt('))
      .map((file) => relative('.', file));
    expect(callers.sort()).toEqual(['functions/domain/accounts/passwords.ts', 'infra/local/cloud.ts']);
  });
});
