import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PersistentState } from '../../../infra/local/simulators/provider-common.js';

const dirs: string[] = [];
function stateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
  dirs.push(dir);
  return join(dir, 'nested', 'SIM.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a simulator state file', () => {
  it('writes a burst of changes once, after the coalescing delay, not on every change', async () => {
    const file = stateFile();
    const state = new PersistentState(file, () => ({ calls: [] as number[] }), 30);
    for (let i = 0; i < 50; i++) {
      state.value.calls.push(i);
      state.save();
    }
    expect(existsSync(file)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(JSON.parse(readFileSync(file, 'utf8')).calls).toHaveLength(50);
  });

  it('flush writes what is waiting at once, and a new instance reads it back (restart)', () => {
    const file = stateFile();
    const state = new PersistentState(file, () => ({ balance: 0 }), 60_000);
    state.value.balance = 42;
    state.save();
    state.flush();
    expect(new PersistentState(file, () => ({ balance: 0 })).value.balance).toBe(42);
  });

  it('without a file it keeps state in memory only and flush does nothing', () => {
    const state = new PersistentState(undefined, () => ({ n: 1 }));
    state.save();
    state.flush();
    expect(state.value.n).toBe(1);
  });
});
