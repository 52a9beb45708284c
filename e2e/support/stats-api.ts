import { E2E_BASE_URL } from './env.js';

/** Sessions and profile calls for the statistics specs, with a user's bearer token. */

export interface SessionBody {
  duration: number;
  task: string;
  completed?: boolean;
  start_time: string;
  end_time: string;
}

export interface SavedSession extends SessionBody {
  id: string;
  completed: boolean;
  created_at: string;
  client_id: string | null;
}

async function call<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${E2E_BASE_URL}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** POST /api/pomodoro/sessions: what a finished pomodoro records. */
export function createSession(token: string, body: SessionBody): Promise<SavedSession> {
  return call(token, '/pomodoro/sessions', { method: 'POST', body: JSON.stringify(body) });
}

/** A session of `minutes` that ended `endedMinutesAgo` minutes ago. */
export function sessionEndingAgo(
  endedMinutesAgo: number,
  minutes: number,
  task: string,
  completed = true,
): SessionBody {
  const end = Date.now() - endedMinutesAgo * 60_000;
  return {
    duration: minutes,
    task,
    completed,
    start_time: new Date(end - minutes * 60_000).toISOString(),
    end_time: new Date(end).toISOString(),
  };
}

export function listSessions(token: string): Promise<SavedSession[]> {
  return call(token, '/pomodoro/sessions');
}

export function me(token: string): Promise<{ id: string; time_zone: string | null }> {
  return call(token, '/auth/me');
}
