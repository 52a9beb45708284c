import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { SCREENSHOT_DIR } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import {
  MINUTE,
  expectTime,
  installPausedClock,
  installTimerProbes,
  playedFiles,
  plays,
  presetLocalSettings,
  serverSettings,
  settleLazy,
} from '../support/timer-page.js';

/*
 * The timer's sounds and the daily goal (product §2, §3, §4): alarm choice, volume and preview,
 * the one-minute chime, ticking while a pomodoro runs, the goal's progress, and the settings
 * kept on the server for a signed-in user.
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await settleLazy(page, dialog);
  return dialog;
}

function goal(page: Page) {
  return page.getByRole('progressbar', { name: 'Daily goal' });
}

/** Waits, moving the paused clock, until the goal reads `text` (server answers arrive late). */
async function expectGoal(page: Page, text: string): Promise<void> {
  await settleLazy(page, page.locator(`[role="progressbar"][aria-valuetext="${text}"]`));
}

test('a visitor picks an alarm and a volume, previews it, and the alarm rings with them', async ({
  page,
}) => {
  await presetLocalSettings(page.context(), { pomodoro_duration: 1 });
  await installPausedClock(page);
  await page.goto('/');
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: 'Focus end alarm' }).selectOption('bell');
  const volume = dialog.getByRole('slider', { name: 'Volume' });
  await volume.focus();
  for (let i = 0; i < 10; i++) await volume.press('ArrowLeft');
  await expect(volume).toHaveAttribute('aria-valuenow', '50');
  await dialog.getByRole('button', { name: 'Preview focus end alarm' }).click();
  // Volume 50 is a quarter of full gain (loudness is heard logarithmically).
  await expect
    .poll(() => plays(page))
    .toEqual([{ src: expect.stringMatching(/\/sounds\/bell\.wav$/), volume: 0.25 }]);
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await page.clock.runFor(500);
  await expect(dialog).toBeHidden();

  // Start unlocks audio; nothing audible plays until the pomodoro ends.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as never as { __audioUnlocked: boolean }).__audioUnlocked),
    )
    .toBe(true);
  expect(await playedFiles(page)).toEqual(['bell.wav']);
  await page.clock.runFor(MINUTE);
  await expect.poll(() => playedFiles(page)).toEqual(['bell.wav', 'bell.wav']);
  expect((await plays(page)).at(-1)!.volume).toBe(0.25);

  // The break ends with the break alarm, still the original chime.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(5 * MINUTE);
  await expect.poll(() => playedFiles(page)).toEqual(['bell.wav', 'bell.wav', 'complete.wav']);

  for (const file of ['bell', 'digital', 'wood', 'harp', 'tick', 'warning']) {
    const response = await page.request.get(`/sounds/${file}.wav`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type'], file).toMatch(/audio/);
  }
});

test('the one-minute chime rings once at 1:00 left, and ticking runs only while focusing', async ({
  page,
}) => {
  await presetLocalSettings(page.context(), {
    pomodoro_duration: 2,
    ticking_enabled: true,
    warning_chime_enabled: true,
    alarm_volume: 80,
  });
  await installPausedClock(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  // The press may come before the app, which keeps it (decision 048) and can tick only once it
  // has loaded: on the paused clock it loads as time moves, so whole seconds pass until it
  // answers (the countdown stays on whole seconds), and the ticks are counted from there.
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  const waited = (await settleLazy(page, pause, { stepMs: 1000 })) / 1000;
  const early = (await playedFiles(page)).length;
  await page.clock.runFor(3000);
  await expectTime(page, `01:${String(57 - waited).padStart(2, '0')}`);
  await expect
    .poll(async () => (await playedFiles(page)).slice(early))
    .toEqual(['tick.wav', 'tick.wav', 'tick.wav']);

  // Paused: silence.
  await pause.click();
  await page.clock.runFor(5000);
  expect(await playedFiles(page)).toHaveLength(early + 3);

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.clock.runFor((56 - waited) * 1000);
  await expectTime(page, '01:01');
  expect((await playedFiles(page)).filter((f) => f === 'warning.wav')).toEqual([]);
  await page.clock.runFor(1000);
  await expectTime(page, '01:00');
  await expect
    .poll(async () => (await playedFiles(page)).filter((f) => f === 'warning.wav'))
    .toEqual(['warning.wav']);
  const warning = (await plays(page)).find((p) => p.src.endsWith('/warning.wav'))!;
  expect(warning.volume).toBeCloseTo(0.64);
  await page.clock.runFor(30_000);
  expect((await playedFiles(page)).filter((f) => f === 'warning.wav')).toHaveLength(1);

  // The end: the alarm, and no more ticks through the break.
  await page.clock.runFor(30_000);
  await expect.poll(async () => (await playedFiles(page)).at(-1)).toBe('complete.wav');
  const count = (await playedFiles(page)).length;
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(10_000);
  expect((await playedFiles(page)).slice(count)).toEqual([]);
});

test("the daily goal rises when a visitor's pomodoro is completed", async ({ page }) => {
  await presetLocalSettings(page.context(), { pomodoro_duration: 1, daily_goal: 2 });
  await installPausedClock(page);
  await page.goto('/');
  await expect(goal(page)).toHaveAttribute('aria-valuetext', '0 of 2 pomodoros today');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(MINUTE);
  await expect(goal(page)).toHaveAttribute('aria-valuetext', '1 of 2 pomodoros today');
  await expect(page.getByTestId('daily-goal')).toContainText('1 / 2');
  // It survives a reload (kept in this browser for a visitor).
  await page.reload();
  await expect(goal(page)).toHaveAttribute('aria-valuetext', '1 of 2 pomodoros today');
});

test('a signed-in user keeps the sound settings across a reload, and the goal follows the server', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('sounds');
  await installPausedClock(page);
  await signInAs(page, token, '/dashboard');
  await settleLazy(page, page.getByTestId('timer-display'));
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: 'Break end alarm' }).selectOption('harp');
  await dialog.getByRole('switch', { name: /Ticking/ }).check();
  await dialog.getByRole('switch', { name: /One minute left/ }).check();
  await dialog.getByRole('textbox', { name: /Pomodoro \(minutes\)/ }).fill('1');
  await dialog.getByRole('textbox', { name: /Daily goal/ }).fill('3');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await page.clock.runFor(500);
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => serverSettings(token))
    .toMatchObject({
      break_end_sound: 'harp',
      ticking_enabled: true,
      warning_chime_enabled: true,
      daily_goal: 3,
      alarm_volume: 100,
    });
  await expectGoal(page, '0 of 3 pomodoros today');

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(MINUTE);
  await expectGoal(page, '1 of 3 pomodoros today');

  // After a reload the count comes from the server's sessions of today.
  await page.reload();
  await settleLazy(page, page.getByTestId('timer-display'));
  await expectGoal(page, '1 of 3 pomodoros today');
  const again = await openSettings(page);
  await expect(again.getByRole('combobox', { name: 'Break end alarm' })).toHaveValue('harp');
  await expect(again.getByRole('switch', { name: /Ticking/ })).toBeChecked();
  await expect(again.getByRole('switch', { name: /One minute left/ })).toBeChecked();
  await expect(again.getByRole('textbox', { name: /Daily goal/ })).toHaveValue('3');
});

for (const viewport of [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`the settings dialog at ${viewport.name} px: every sound control in reach, axe clean`, async ({
    page,
  }) => {
    // Real time here: axe waits on timers a paused clock would hold.
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    await page.getByRole('button', { name: 'Timer settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Timer settings' });
    await expect(dialog.getByRole('button', { name: 'Preview break end alarm' })).toBeVisible();
    await page.waitForTimeout(500);
    // The dialog scrolls inside the viewport: a viewport shot with the sound controls in view.
    await dialog.getByRole('textbox', { name: /Daily goal/ }).scrollIntoViewIfNeeded();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `timer-sound-settings-${viewport.name}.png`),
    });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(goal(page)).toBeVisible();
    await screenshot(page, `timer-goal-${viewport.name}`);
  });
}
