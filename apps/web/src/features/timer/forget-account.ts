import { useEffect } from 'react';
import { onSignIn, onSignOut } from '../auth';
import { returnVisitorSetup, setAsideVisitorSetup } from './carry-over';
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

/**
 * The engine's subscriptions to sign-out and sign-in, on auth's surface: a session's end first
 * gives a visitor's set-up that was waiting to be carried back to the visitor, then forgets the
 * account; a sign-in sets the visitor's set-up aside for the account before the account's state
 * arrives (decision 051).
 */
export function useForgetAccountOnSignOut(controller: TimerController): void {
  useEffect(
    () =>
      onSignOut(() => {
        returnVisitorSetup();
        forgetAccountState(controller);
      }),
    [controller],
  );
  useEffect(() => onSignIn((event) => setAsideVisitorSetup(controller, event)), [controller]);
}
