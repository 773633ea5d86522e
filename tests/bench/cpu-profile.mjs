/**
 * Preload for the platform's process under `npm run bench` with BENCH_CLOUD_PROFILE=<folder>:
 * records a V8 CPU profile and writes it to <folder>/local-cloud-<pid>.cpuprofile when the
 * process exits (Node refuses `--cpu-prof` in NODE_OPTIONS). Open it in Chrome DevTools.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const folder = process.env.BENCH_CLOUD_PROFILE;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  // A same-thread inspector session answers synchronously, so this works inside 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `local-cloud-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
