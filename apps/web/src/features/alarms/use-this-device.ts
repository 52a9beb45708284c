import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { ALARMS_QUERY_KEYS, alarmsApi, type PushDevice } from './alarms-api';
import {
  ServiceWorkerNotReadyError,
  readThisDevice,
  turnOff,
  turnOn,
  type AlarmsDeps,
} from './this-device';

/**
 * The switch for this browser: what it shows while it checks, asks, turns on or off.
 * `dismissed`: the person closed the browser's question without answering.
 */
export type SwitchState =
  'checking' | 'unsupported' | 'denied' | 'dismissed' | 'off' | 'turning-on' | 'turning-off' | 'on';

export interface ThisDevice {
  state: SwitchState;
  /** This browser's device on the server, while on. */
  deviceId: string | null;
  /** The account's devices (this one included), once loaded. */
  devices: PushDevice[] | undefined;
  devicesFailed: boolean;
  /** The last failure, in the reader's language. */
  error: string | null;
  /** Call in the click: the browser asks for permission only in a person's gesture. */
  toggle(): void;
  clearError(): void;
}

/** What a failure to turn alarms on says: the API's own words, or ours. */
function turnOnFailure(error: unknown): string {
  if (error instanceof ServiceWorkerNotReadyError) {
    return t`Focusroom is still getting ready to work offline in this browser. Please try again in a minute.`;
  }
  return serverMessage(error, t`Alarms could not be turned on. Please try again.`);
}

/**
 * This browser's alarms for `userId`, and the account's device list (TanStack Query): the state
 * of the switch, derived from the browser and checked against the list (a device removed from
 * another device, or by the server, is off here too).
 */
export function useThisDevice(userId: string, deps: AlarmsDeps): ThisDevice {
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: ALARMS_QUERY_KEYS.devices, queryFn: alarmsApi.devices });
  const [state, setState] = useState<SwitchState>('checking');
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    let live = true;
    void readThisDevice(deps, userId)
      .catch(() => ({ kind: 'off' as const }))
      .then((status) => {
        if (!live || busy.current) return;
        setState(status.kind);
        setDeviceId(status.kind === 'on' ? status.deviceId : null);
      });
    return () => {
      live = false;
    };
  }, [deps, userId]);

  const refreshDevices = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_KEYS.devices }),
    [queryClient],
  );

  // On, but no longer listed: the server dropped it (removed elsewhere, or the push service
  // said the subscription is gone). Turning on again registers it anew.
  const listed =
    deviceId === null || !devices.isSuccess || devices.data.some((d) => d.id === deviceId);
  const shown: SwitchState = state === 'on' && !listed ? 'off' : state;

  const toggle = () => {
    if (busy.current || shown === 'checking' || shown === 'unsupported') return;
    busy.current = true;
    setError(null);
    if (shown === 'on') {
      setState('turning-off');
      turnOff(deps)
        .then(() => {
          setState('off');
          setDeviceId(null);
        })
        .catch((failure: unknown) => {
          setState('on');
          setError(serverMessage(failure, t`Alarms could not be turned off. Please try again.`));
        })
        .finally(() => {
          busy.current = false;
          void refreshDevices();
        });
      return;
    }
    // Asked before anything is awaited: the browser asks only within the click.
    const permission = deps.browser.requestPermission();
    setState('turning-on');
    turnOn(deps, userId, permission)
      .then((result) => {
        if (result.kind === 'on') {
          setDeviceId(result.device.id);
          queryClient.setQueryData<PushDevice[]>(ALARMS_QUERY_KEYS.devices, (list) =>
            list ? [...list.filter((d) => d.id !== result.device.id), result.device] : list,
          );
        }
        setState(result.kind);
      })
      .catch((failure: unknown) => {
        setState('off');
        setError(turnOnFailure(failure));
      })
      .finally(() => {
        busy.current = false;
        void refreshDevices();
      });
  };

  return {
    state: shown,
    deviceId: shown === 'on' ? deviceId : null,
    devices: devices.data,
    devicesFailed: devices.isError,
    error,
    toggle,
    clearError: () => setError(null),
  };
}
