/**
 * The ambient mixer's CPU cost (product §4 ambient mixer): four soundscapes playing (rain, ocean
 * waves, wind, crackling fire) against silence (the same page with the mixer paused, its audio
 * context suspended), in the same run, interleaved. Measured as the CPU time of every Chromium
 * process (/proc, user + system): the Web Audio graph renders on the renderer's audio thread and
 * the audio service plays it, neither of which the page's main-thread metrics see; CDP's
 * Performance.getMetrics (TaskDuration, ScriptDuration: main thread only) is printed beside it.
 *
 *   npm run build
 *   npx tsx bench/ambient-cpu.ts         (SECONDS=20 per phase and round, ROUNDS=2)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { launchChromium, openTab, type Cdp } from './lib/cdp.js';
import { startServer } from './lib/server.js';
import { buildWebToTemp } from './lib/web-build.js';

const SECONDS = Number(process.env.SECONDS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const SOUNDS = ['Rain', 'Ocean waves', 'Wind', 'Crackling fire'];
const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) used so far by `root` and each process below it, per process. */
function treeCpu(root: number): Map<number, number> {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parents.get(p))
      if (p === root) return true;
    return false;
  };
  return new Map([...cpu].filter(([pid]) => inTree(pid)));
}

/**
 * CPU seconds the tree used between two samples: each process's growth (a process that started
 * meanwhile counts from zero; one that ended is left out rather than counted as negative).
 */
function cpuBetween(start: Map<number, number>, end: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of end) total += seconds - (start.get(pid) ?? 0);
  return total;
}

async function gesture(cdp: Cdp, sessionId: string, expression: string): Promise<unknown> {
  const answer = await cdp.send<{
    result: { value?: unknown };
    exceptionDetails?: { text: string; exception?: { description?: string } };
  }>(
    'Runtime.evaluate',
    { expression, awaitPromise: true, returnByValue: true, userGesture: true },
    sessionId,
  );
  if (answer.exceptionDetails) {
    throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
  }
  return answer.result.value;
}

async function waitFor(cdp: Cdp, sessionId: string, expression: string, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await gesture(cdp, sessionId, `Boolean(${expression})`)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

async function mainThreadMetrics(cdp: Cdp, sessionId: string) {
  const { metrics } = await cdp.send<{ metrics: { name: string; value: number }[] }>(
    'Performance.getMetrics',
    {},
    sessionId,
  );
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration'), script: get('ScriptDuration') };
}

interface Phase {
  cpu: number;
  task: number;
  script: number;
  /** The loudest sample the speakers were sent at the end of each stretch (proves sound). */
  peak: number;
}

/**
 * Taps what each audio context sends to its speakers (an AnalyserNode beside the destination),
 * so the run can show the "sound" phase was audible and the "silence" phase silent.
 */
const AUDIO_TAP = `(() => {
  const taps = [];
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (target, ...rest) {
    if (target instanceof AudioDestinationNode) {
      const analyser = this.context.createAnalyser();
      connect.call(this, analyser);
      taps.push(analyser);
    }
    return connect.call(this, target, ...rest);
  };
  window.__benchPeak = () => {
    let peak = 0;
    for (const a of taps) {
      const data = new Float32Array(a.fftSize);
      a.getFloatTimeDomainData(data);
      for (const v of data) peak = Math.max(peak, Math.abs(v));
    }
    return peak;
  };
})();`;

async function main() {
  const web = buildWebToTemp();
  const server = await startServer({ WEB_DIST_DIR: web.dir });
  const chromium = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  const { cdp } = chromium;
  const totals: Record<'silence' | 'sound', Phase> = {
    silence: { cpu: 0, task: 0, script: 0, peak: 0 },
    sound: { cpu: 0, task: 0, script: 0, peak: 0 },
  };
  try {
    const { sessionId } = await openTab(cdp, 'about:blank');
    await cdp.send('Page.enable', {}, sessionId);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: AUDIO_TAP }, sessionId);
    await cdp.send('Page.navigate', { url: `${server.url}/` }, sessionId);
    await cdp.send('Performance.enable', {}, sessionId);
    const button = `document.querySelector('button[aria-label="Sounds"]')`;
    await waitFor(cdp, sessionId, button, 'the Sounds button');
    await gesture(cdp, sessionId, `${button}.click()`);
    await waitFor(cdp, sessionId, `document.querySelector('.fr-ambient-panel')`, 'the mixer');
    for (const name of SOUNDS) {
      await gesture(
        cdp,
        sessionId,
        `[...document.querySelectorAll('.fr-ambient-row')]
          .find((row) => row.textContent.trim().startsWith(${JSON.stringify(name)}))
          .querySelector('input').click()`,
      );
    }
    const toggle = (label: string) =>
      gesture(
        cdp,
        sessionId,
        `[...document.querySelectorAll('.fr-ambient-panel button')]
          .find((b) => b.textContent.trim() === ${JSON.stringify(label)})?.click()`,
      );

    const measure = async (phase: 'silence' | 'sound') => {
      await toggle(phase === 'sound' ? 'Play sounds' : 'Pause sounds');
      // Past the fade and the suspend that follows it, and past any buffer computing.
      await sleep(2000);
      const cpu0 = treeCpu(chromium.child.pid!);
      const m0 = await mainThreadMetrics(cdp, sessionId);
      await sleep(SECONDS * 1000);
      const cpu1 = treeCpu(chromium.child.pid!);
      const m1 = await mainThreadMetrics(cdp, sessionId);
      const used = cpuBetween(cpu0, cpu1);
      totals[phase].cpu += used;
      totals[phase].task += m1.task - m0.task;
      totals[phase].script += m1.script - m0.script;
      const peak = Number(await gesture(cdp, sessionId, 'window.__benchPeak()'));
      totals[phase].peak = Math.max(totals[phase].peak, peak);
      process.stderr.write(`${phase}: ${((100 * used) / SECONDS).toFixed(1)}% of a core\n`);
    };
    // Warm-up, not counted: the page settles after its load and the buffers are computed.
    await toggle('Play sounds');
    await sleep(5000);
    for (let round = 0; round < ROUNDS; round++) {
      await measure('silence');
      await measure('sound');
    }
  } finally {
    await chromium.close();
    await server.stop();
    web.cleanup();
  }

  const wall = SECONDS * ROUNDS;
  const pct = (seconds: number) => `${((100 * seconds) / wall).toFixed(1)}%`;
  const ms = (seconds: number) => `${((1000 * seconds) / wall).toFixed(1)} ms/s`;
  console.log(
    `Ambient mixer CPU, ${ROUNDS} interleaved rounds of ${SECONDS} s per phase, headless Chromium at its own audio output:`,
  );
  console.log('');
  console.log(
    '| phase | all Chromium processes (share of one core) | main thread tasks | main thread script | peak level |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const phase of ['silence', 'sound'] as const) {
    const t = totals[phase];
    const label =
      phase === 'sound' ? `four soundscapes (${SOUNDS.join(', ')})` : 'silence (mixer paused)';
    console.log(
      `| ${label} | ${pct(t.cpu)} | ${ms(t.task)} | ${ms(t.script)} | ${t.peak.toFixed(3)} |`,
    );
  }
  const ratio = totals.sound.cpu / Math.max(totals.silence.cpu, 1e-9);
  console.log('');
  console.log(
    `Four soundscapes cost ${pct(totals.sound.cpu - totals.silence.cpu)} of one core over silence (ratio ${ratio.toFixed(1)}x).`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
