import { useEffect } from 'react';
import { onSignOut } from '../../lib/auth-context';
import { createTimerController, type TimerController } from './timer-store';

/**
 * Product §4: once a session ends, the timer is a visitor's fresh one: default settings, idle on
 * a pomodoro, no current task, a completed count of 0 and the visitor's own to-do list. The auth
 * state has already removed the account's storage, so a new controller reads exactly what a first
 * visit reads, and every field of the store is reset, including fields added later.
 */
export function forgetAccountState(controller: TimerController): void {
  controller.store.setState(createTimerController().store.getState(), true);
}

/** The engine's subscription to sign-out, which reaches it through lib/ (features never meet). */
export function useForgetAccountOnSignOut(controller: TimerController): void {
  useEffect(() => onSignOut(() => forgetAccountState(controller)), [controller]);
}
