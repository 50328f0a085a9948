/** `inboard serve --systemd-unit`: a unit that restarts on failure, stops with SIGTERM, and carries no secret. */
import { describe, expect, it } from 'vitest';
import { systemdUnit, unitFlags } from '../../src/commands/serve-unit.js';
import { runCli } from '../server/process.js';

describe('serve --systemd-unit', () => {
  it('prints a unit running serve with the flags given, restarting on failure, and leaves secrets out', async () => {
    const r = await runCli([
      'serve',
      '--systemd-unit',
      '--host',
      '0.0.0.0',
      '--api-key',
      'a-secret-owner-key-0001',
      '--metrics-token=a-secret-metrics-token',
      '--port',
      '7780',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ExecStart=\S+node\S* \S+cli\.js serve --host 0\.0\.0\.0 --port 7780$/m);
    expect(r.stdout).toMatch(/^Restart=on-failure$/m);
    expect(r.stdout).toMatch(/^KillSignal=SIGTERM$/m);
    expect(r.stdout).toMatch(/^EnvironmentFile=-\/etc\/inboard\/inboard\.env$/m);
    expect(r.stdout).not.toContain('a-secret');
    expect(r.stderr).toContain('left out of the unit: --api-key, --metrics-token');
  });

  it('quotes what systemd would split or expand', () => {
    const unit = systemdUnit('/usr/bin/node', '/opt/in board/cli.js', ['--db', '/srv/100%/$HOME.db']);
    expect(unit).toContain('ExecStart=/usr/bin/node "/opt/in board/cli.js" serve --db "/srv/100%%/$$HOME.db"');
    expect(unitFlags(['--smtp', 'smtp://u:p@h', '--demo']).keep).toEqual(['--demo']);
  });
});
