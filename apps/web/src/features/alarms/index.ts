/**
 * What the push alarms offer the rest of the app (docs/decisions/066): the signed-in code's
 * watch over this browser's alarm device, and the timer settings' section. Both reach the browser
 * only with chunks that load on demand (the timer's signed-in part, its dialogs): a separate
 * chunk for the section would split Mantine's shared chunks and lengthen the first load's list
 * of chunk names.
 */
export { default as AlarmsSection } from './alarms-section';
export { useAlarmsFollowSession } from './use-alarms-follow-session';
