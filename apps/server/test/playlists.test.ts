import {
  PLAYLIST_API_MESSAGES,
  PLAYLIST_NAME_MAX_LENGTH,
  PLAYLIST_TRACKS_MAX,
  PLAYLISTS_MAX_PER_USER,
} from '@focusroom/core';
import type { Playlist, PlaylistTrack } from '@focusroom/core/schemas';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { PLAYLISTS_LIST_CHUNK_TRACKS } from '../src/modules/playlists/service.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const UNKNOWN_ID = '0190ffff-0000-7000-8000-000000000000';

/** A track as the player sends it when creating a playlist (product §3). */
function track(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `video${String(n).padStart(6, '0')}`,
    title: `Song ${n}`,
    artist: `Artist ${n}`,
    url: `https://www.youtube.com/watch?v=video${String(n).padStart(6, '0')}`,
    artwork: `https://i.ytimg.com/vi/${n}/default.jpg`,
    duration: 0,
    source: 'youtube',
    ...extra,
  };
}

async function call(
  app: App,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function created(app: App, token: string, payload: Record<string, unknown> = {}) {
  const response = await call(app, 'POST', '/api/playlists', token, {
    name: 'Deep work',
    description: 'No lyrics',
    tracks: [track(1), track(2), track(3)],
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Playlist>();
}

function titles(playlist: Playlist | PlaylistTrack[]): string[] {
  return (Array.isArray(playlist) ? playlist : playlist.tracks).map((t) => t.title);
}

describe.each(DIALECTS)('playlists on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('create, read, update, delete', () => {
    it('creates a playlist with its tracks in order (201), the server’s ids, and lists it', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token, {
        name: '  Deep work ',
        tracks: [track(1), track(2, { artwork: undefined, duration: 213.4 }), track(3)],
      });
      const now = clock.now().toISOString();
      expect(playlist).toEqual({
        id: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        ),
        name: 'Deep work',
        description: 'No lyrics',
        created_at: now,
        updated_at: now,
        track_count: 3,
        tracks: [
          {
            id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            title: 'Song 1',
            artist: 'Artist 1',
            url: track(1).url,
            artwork: track(1).artwork,
            image_url: track(1).artwork,
            duration: 0,
            source: 'youtube',
            position: 0,
          },
          expect.objectContaining({
            title: 'Song 2',
            artwork: '',
            image_url: '',
            duration: 213,
            position: 1,
          }),
          expect.objectContaining({ title: 'Song 3', position: 2 }),
        ],
      });
      // The client's own track id (a video id) is not the song id.
      expect(playlist.tracks[0]!.id).not.toBe(track(1).id);

      const list = await call(app, 'GET', '/api/playlists', token);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([playlist]);
      const one = await call(app, 'GET', `/api/playlists/${playlist.id}`, token);
      expect(one.json()).toEqual(playlist);
      const songs = await call(app, 'GET', `/api/playlists/${playlist.id}/songs`, token);
      expect(songs.statusCode).toBe(200);
      expect(songs.json()).toEqual(playlist.tracks);
    });

    it('lists newest first, each playlist with only its own tracks', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const first = await created(app, token, { name: 'First', tracks: [track(1)] });
      clock.advanceMinutes(1);
      const empty = await created(app, token, { name: 'Empty', tracks: [] });
      clock.advanceMinutes(1);
      const third = await created(app, token, { name: 'Third', tracks: [track(7), track(8)] });
      const list = (await call(app, 'GET', '/api/playlists', token)).json<Playlist[]>();
      expect(list.map((p) => p.name)).toEqual(['Third', 'Empty', 'First']);
      expect(list.map((p) => p.track_count)).toEqual([2, 0, 1]);
      expect(list.map(titles)).toEqual([['Song 7', 'Song 8'], [], ['Song 1']]);
      expect(list.map((p) => p.id)).toEqual([third.id, empty.id, first.id]);
      // Another user's list is their own.
      const other = await register(app);
      expect((await call(app, 'GET', '/api/playlists', other.token)).json()).toEqual([]);
    });

    it('lists the very JSON each playlist answers on its own, tracks in order, odd text intact', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const odd = track(2, {
        title: 'Quote " back\\slash \u2028 line ✓ 🎧',
        artist: '<b>&amp;</b>',
      });
      const mixed = await created(app, token, {
        name: 'Ünïcode "name"',
        description: 'tab\tand\nnewline',
        tracks: [track(1), odd, track(3, { artwork: '' })],
      });
      const ids = mixed.tracks.map((t) => t.id);
      const reordered = await call(app, 'PUT', `/api/playlists/${mixed.id}/songs/order`, token, {
        song_ids: [ids[2], ids[0], ids[1]],
      });
      expect(reordered.statusCode).toBe(200);
      clock.advanceMinutes(1);
      const empty = await created(app, token, { name: 'Empty', tracks: [] });

      const list = await call(app, 'GET', '/api/playlists', token);
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
      // GET /playlists/{id} still goes through the response schema's serializer: the list is the
      // same text, byte for byte.
      const one = async (id: string) =>
        (await call(app, 'GET', `/api/playlists/${id}`, token)).body;
      expect(list.body).toBe(`[${await one(empty.id)},${await one(mixed.id)}]`);
      expect(titles(list.json<Playlist[]>()[1]!)).toEqual(['Song 3', 'Song 1', odd.title]);
      expect(list.json<Playlist[]>()[1]!.tracks.map((t) => t.position)).toEqual([0, 1, 2]);
    });

    it(`streams a list of more than ${PLAYLISTS_LIST_CHUNK_TRACKS} tracks in chunks, the same JSON`, async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const sizes = [PLAYLIST_TRACKS_MAX, 1, 0, PLAYLIST_TRACKS_MAX, PLAYLIST_TRACKS_MAX];
      sizes.push(PLAYLIST_TRACKS_MAX, PLAYLIST_TRACKS_MAX, 7);
      const ids: string[] = [];
      for (const [n, size] of sizes.entries()) {
        const tracks = Array.from({ length: size }, (_, i) => track(n * 1000 + i));
        ids.unshift((await created(app, token, { name: `List ${n}`, tracks })).id);
        clock.advanceMinutes(1);
      }
      expect(sizes.reduce((a, b) => a + b)).toBeGreaterThan(PLAYLISTS_LIST_CHUNK_TRACKS);

      const list = await call(app, 'GET', '/api/playlists', token);
      expect(list.statusCode).toBe(200);
      expect(list.headers['transfer-encoding']).toBe('chunked');
      const each = await Promise.all(
        ids.map(async (id) => (await call(app, 'GET', `/api/playlists/${id}`, token)).body),
      );
      expect(list.body).toBe(`[${each.join(',')}]`);
      const parsed = list.json<Playlist[]>();
      expect(parsed.map((p) => p.track_count)).toEqual([...sizes].reverse());
      for (const playlist of parsed) {
        expect(playlist.tracks.map((t) => t.position)).toEqual(playlist.tracks.map((_, i) => i));
      }
    });

    it('renames, describes and replaces the tracks, raising updated_at', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      clock.advanceMinutes(5);
      const renamed = await call(app, 'PUT', `/api/playlists/${playlist.id}`, token, {
        name: 'Evening',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Playlist>()).toMatchObject({
        name: 'Evening',
        description: 'No lyrics',
        created_at: playlist.created_at,
        updated_at: clock.now().toISOString(),
        track_count: 3,
      });
      const described = await call(app, 'PUT', `/api/playlists/${playlist.id}`, token, {
        description: null,
      });
      expect(described.json<Playlist>().description).toBe('');
      const replaced = await call(app, 'PUT', `/api/playlists/${playlist.id}`, token, {
        tracks: [track(9), track(8)],
      });
      expect(titles(replaced.json<Playlist>())).toEqual(['Song 9', 'Song 8']);
      expect(replaced.json<Playlist>().tracks.map((t) => t.position)).toEqual([0, 1]);
    });

    it('deletes a playlist with its tracks (204), then it is gone', async () => {
      const { app, database } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      const deleted = await call(app, 'DELETE', `/api/playlists/${playlist.id}`, token);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).statusCode).toBe(404);
      expect((await call(app, 'DELETE', `/api/playlists/${playlist.id}`, token)).statusCode).toBe(
        404,
      );
      const orphans = await database.db
        .selectFrom('playlist_tracks')
        .select('id')
        .where('playlist_id', '=', playlist.id)
        .execute();
      expect(orphans).toEqual([]);
    });

    it('asks for a token on every route', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      const song = playlist.tracks[0]!.id;
      const routes: [method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string][] = [
        ['GET', '/api/playlists'],
        ['POST', '/api/playlists'],
        ['GET', `/api/playlists/${playlist.id}`],
        ['PUT', `/api/playlists/${playlist.id}`],
        ['DELETE', `/api/playlists/${playlist.id}`],
        ['GET', `/api/playlists/${playlist.id}/songs`],
        ['POST', `/api/playlists/${playlist.id}/songs`],
        ['PUT', `/api/playlists/${playlist.id}/songs/order`],
        ['PATCH', `/api/playlists/${playlist.id}/songs/${song}`],
        ['DELETE', `/api/playlists/${playlist.id}/songs/${song}`],
      ];
      for (const [method, url] of routes) {
        const response = await call(
          app,
          method,
          url,
          undefined,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).json()).toEqual(
        playlist,
      );
    });
  });

  describe('songs', () => {
    it('adds a song at the end with the add shape (image_url), answering the playlist (201)', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      clock.advanceMinutes(1);
      const added = await call(app, 'POST', `/api/playlists/${playlist.id}/songs`, token, {
        title: 'Rain on glass',
        artist: 'Lo-fi',
        url: 'https://youtu.be/abcdefghijk',
        image_url: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
        duration: 0,
        source: 'youtube',
      });
      expect(added.statusCode, added.body).toBe(201);
      const body = added.json<Playlist>();
      expect(body.track_count).toBe(4);
      expect(body.updated_at).toBe(clock.now().toISOString());
      expect(body.tracks[3]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Rain on glass',
        artist: 'Lo-fi',
        url: 'https://youtu.be/abcdefghijk',
        artwork: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
        image_url: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
        duration: 0,
        source: 'youtube',
        position: 3,
      });
      // Defaults: no artist, artwork, duration or source.
      const bare = await call(app, 'POST', `/api/playlists/${playlist.id}/songs`, token, {
        title: 'Bare',
        url: 'http://example.com/a.mp3',
      });
      expect(bare.json<Playlist>().tracks[4]).toMatchObject({
        artist: '',
        artwork: '',
        duration: 0,
        source: 'youtube',
        position: 4,
      });
      // A direct audio file plays in the player's audio engine.
      const audio = await call(app, 'POST', `/api/playlists/${playlist.id}/songs`, token, {
        title: 'Bell',
        url: 'https://example.com/bell.mp3',
        source: 'audio',
      });
      expect(audio.json<Playlist>().tracks[5]).toMatchObject({ source: 'audio', position: 5 });
    });

    it('removes a song and closes the gap; an unknown song is a 404', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token, {
        tracks: [track(1), track(2), track(3), track(4)],
      });
      const second = playlist.tracks[1]!.id;
      const removed = await call(
        app,
        'DELETE',
        `/api/playlists/${playlist.id}/songs/${second}`,
        token,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      const body = removed.json<Playlist>();
      expect(titles(body)).toEqual(['Song 1', 'Song 3', 'Song 4']);
      expect(body.tracks.map((t) => t.position)).toEqual([0, 1, 2]);
      expect(body.track_count).toBe(3);
      for (const songId of [second, UNKNOWN_ID, 'nope']) {
        const again = await call(
          app,
          'DELETE',
          `/api/playlists/${playlist.id}/songs/${songId}`,
          token,
        );
        expect(again.statusCode, songId).toBe(404);
        expect(again.json()).toEqual({
          code: expect.any(String),
          message: PLAYLIST_API_MESSAGES.songNotFound,
        });
      }
      // A song of another playlist of the same user is not this playlist's.
      const otherList = await created(app, token);
      const foreign = otherList.tracks[0]!.id;
      const wrong = await call(
        app,
        'DELETE',
        `/api/playlists/${playlist.id}/songs/${foreign}`,
        token,
      );
      expect(wrong.statusCode).toBe(404);
      expect((await call(app, 'GET', `/api/playlists/${otherList.id}`, token)).json()).toEqual(
        otherList,
      );
    });

    it('changes a song’s title, artist and artwork in place (a title resolved later); nothing else moves', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      const [first, second] = playlist.tracks as [PlaylistTrack, PlaylistTrack];
      clock.advanceMinutes(1);
      const url = `/api/playlists/${playlist.id}/songs/${second.id}`;
      const changed = await call(app, 'PATCH', url, token, {
        title: '  Rain on glass ',
        artist: 'Quiet Channel',
        image_url: 'https://i.ytimg.com/vi/x/hqdefault.jpg',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const body = changed.json<Playlist>();
      expect(body.tracks[1]).toEqual({
        ...second,
        title: 'Rain on glass',
        artist: 'Quiet Channel',
        artwork: 'https://i.ytimg.com/vi/x/hqdefault.jpg',
        image_url: 'https://i.ytimg.com/vi/x/hqdefault.jpg',
      });
      expect(body.tracks[0]).toEqual(first);
      expect(body.tracks[2]).toEqual(playlist.tracks[2]);
      expect(body.updated_at).toBe(clock.now().toISOString());
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).json()).toEqual(body);

      // Only the title: the rest stays.
      const titled = await call(app, 'PATCH', url, token, { title: 'Rain, again' });
      expect(titled.json<Playlist>().tracks[1]).toMatchObject({
        title: 'Rain, again',
        artist: 'Quiet Channel',
      });
    });

    it('refuses a song change with nothing to change, a bad field or an unknown song, changing nothing', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      const song = playlist.tracks[0]!.id;
      const url = `/api/playlists/${playlist.id}/songs/${song}`;
      for (const [payload, message] of [
        [{}, PLAYLIST_API_MESSAGES.songChangeRequired],
        [{ artist: null }, PLAYLIST_API_MESSAGES.songChangeRequired],
        [{ title: '   ' }, PLAYLIST_API_MESSAGES.trackTitleRequired],
        [{ title: 'x'.repeat(1000) }, PLAYLIST_API_MESSAGES.trackTitleTooLong],
        [{ image_url: 'javascript:alert(1)' }, PLAYLIST_API_MESSAGES.trackArtwork],
      ] as const) {
        const bad = await call(app, 'PATCH', url, token, payload);
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
        expect(bad.json<{ message: string }>().message, JSON.stringify(payload)).toBe(message);
      }
      const otherList = await created(app, token);
      for (const songId of [UNKNOWN_ID, 'nope', otherList.tracks[0]!.id]) {
        const missing = await call(
          app,
          'PATCH',
          `/api/playlists/${playlist.id}/songs/${songId}`,
          token,
          { title: 'Lost' },
        );
        expect(missing.statusCode, songId).toBe(404);
        expect(missing.json()).toEqual({
          code: expect.any(String),
          message: PLAYLIST_API_MESSAGES.songNotFound,
        });
      }
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).json()).toEqual(
        playlist,
      );
      expect((await call(app, 'GET', `/api/playlists/${otherList.id}`, token)).json()).toEqual(
        otherList,
      );
    });

    it('reorders songs by a permutation of their ids; anything else is a 400 that changes nothing', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token);
      const [a, b, c] = playlist.tracks.map((t) => t.id) as [string, string, string];
      const url = `/api/playlists/${playlist.id}/songs/order`;
      const reordered = await call(app, 'PUT', url, token, { song_ids: [c, a, b] });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(titles(reordered.json<Playlist>())).toEqual(['Song 3', 'Song 1', 'Song 2']);
      expect(reordered.json<Playlist>().tracks.map((t) => t.position)).toEqual([0, 1, 2]);
      const songs = await call(app, 'GET', `/api/playlists/${playlist.id}/songs`, token);
      expect(titles(songs.json<PlaylistTrack[]>())).toEqual(['Song 3', 'Song 1', 'Song 2']);

      const before = (await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).json();
      for (const song_ids of [[c, a], [c, a, b, b], [c, a, a], [c, a, UNKNOWN_ID], []]) {
        const bad = await call(app, 'PUT', url, token, { song_ids });
        expect(bad.statusCode, JSON.stringify(song_ids)).toBe(400);
        expect(bad.json()).toEqual({
          message: PLAYLIST_API_MESSAGES.songIdsPermutation,
          code: 'playlist.songIdsPermutation',
          errors: { song_ids: PLAYLIST_API_MESSAGES.songIdsPermutation },
          fieldCodes: { song_ids: 'playlist.songIdsPermutation' },
        });
      }
      for (const payload of [{}, { song_ids: 'a,b,c' }, { song_ids: [1, 2, 3] }]) {
        const bad = await call(app, 'PUT', url, token, payload);
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
        expect(bad.json<{ message: string }>().message).toBe(PLAYLIST_API_MESSAGES.songIdsList);
      }
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).json()).toEqual(
        before,
      );
    });
  });

  describe('ownership', () => {
    it('answers 404 to anyone else on every verb, exactly like an unknown id, and changes nothing', async () => {
      const { app } = await apps.make();
      const owner = await register(app);
      const stranger = await register(app);
      const playlist = await created(app, owner.token);
      const song = playlist.tracks[0]!.id;
      const newTrack = { title: 'Mine now', url: 'https://example.com/a.mp3' };
      const verbs = (
        id: string,
      ): [method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] => [
        ['GET', `/api/playlists/${id}`],
        ['PUT', `/api/playlists/${id}`, { name: 'Taken' }],
        ['DELETE', `/api/playlists/${id}`],
        ['GET', `/api/playlists/${id}/songs`],
        ['POST', `/api/playlists/${id}/songs`, newTrack],
        ['PUT', `/api/playlists/${id}/songs/order`, { song_ids: playlist.tracks.map((t) => t.id) }],
        ['PATCH', `/api/playlists/${id}/songs/${song}`, { title: 'Renamed by a stranger' }],
        ['DELETE', `/api/playlists/${id}/songs/${song}`],
      ];
      for (const [method, url, body] of [
        ...verbs(playlist.id),
        ...verbs(UNKNOWN_ID),
        ...verbs('24'),
      ]) {
        const response = await call(app, method, url, stranger.token, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toEqual({
          message: PLAYLIST_API_MESSAGES.notFound,
          code: 'playlist.notFound',
        });
      }
      expect((await call(app, 'GET', '/api/playlists', stranger.token)).json()).toEqual([]);
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, owner.token)).json()).toEqual(
        playlist,
      );
    });
  });

  describe('validation and limits', () => {
    it('refuses bad payloads with a 400 naming the field and stores nothing', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const M = PLAYLIST_API_MESSAGES;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', M.nameRequired],
        [{ name: '   ' }, 'name', M.nameRequired],
        [{ name: undefined }, 'name', M.nameRequired],
        [{ name: 42 }, 'name', M.nameRequired],
        [{ name: 'x'.repeat(PLAYLIST_NAME_MAX_LENGTH + 1) }, 'name', M.nameTooLong],
        [{ description: 'x'.repeat(501) }, 'description', M.descriptionTooLong],
        [{ tracks: 'all of them' }, 'tracks', M.tracksList],
        [{ tracks: [track(1, { url: 'javascript:alert(1)' })] }, 'tracks.0.url', M.trackUrl],
        [{ tracks: [track(1, { url: 'ftp://example.com/a.mp3' })] }, 'tracks.0.url', M.trackUrl],
        [{ tracks: [track(1, { url: undefined })] }, 'tracks.0.url', M.trackUrl],
        [{ tracks: [track(1), track(2, { title: ' ' })] }, 'tracks.1.title', M.trackTitleRequired],
        [
          { tracks: [track(1, { artwork: 'data:image/png;base64,AA' })] },
          'tracks.0.artwork',
          M.trackArtwork,
        ],
        [{ tracks: [track(1, { duration: -1 })] }, 'tracks.0.duration', M.trackDuration],
        [{ tracks: [track(1, { duration: '3:20' })] }, 'tracks.0.duration', M.trackDuration],
        [{ tracks: [track(1, { source: 'You Tube!' })] }, 'tracks.0.source', M.trackSource],
      ];
      for (const [payload, field, message] of cases) {
        const response = await call(app, 'POST', '/api/playlists', token, {
          name: 'Deep work',
          tracks: [track(1)],
          ...payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        const body = response.json<{ message: string; errors: Record<string, string> }>();
        expect(body.message, field).toBe(message);
        expect(body.errors[field], field).toBe(message);
      }
      expect((await call(app, 'GET', '/api/playlists', token)).json()).toEqual([]);

      const playlist = await created(app, token);
      const badAdd = await call(app, 'POST', `/api/playlists/${playlist.id}/songs`, token, {
        title: 'x',
        url: 'javascript:alert(1)',
      });
      expect(badAdd.statusCode).toBe(400);
      expect(badAdd.json()).toMatchObject({ message: M.trackUrl, errors: { url: M.trackUrl } });
      const badRename = await call(app, 'PUT', `/api/playlists/${playlist.id}`, token, {
        name: '',
      });
      expect(badRename.statusCode).toBe(400);
      expect((await call(app, 'GET', `/api/playlists/${playlist.id}`, token)).json()).toEqual(
        playlist,
      );
    });

    it(`holds at most ${PLAYLIST_TRACKS_MAX} tracks per playlist, saying so`, async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const many = Array.from({ length: PLAYLIST_TRACKS_MAX }, (_, i) => track(i));
      const tooMany = await call(app, 'POST', '/api/playlists', token, {
        name: 'Too long',
        tracks: [...many, track(PLAYLIST_TRACKS_MAX)],
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json<{ message: string }>().message).toBe(PLAYLIST_API_MESSAGES.tooManyTracks);
      expect((await call(app, 'GET', '/api/playlists', token)).json()).toEqual([]);

      const full = await created(app, token, { tracks: many });
      expect(full.track_count).toBe(PLAYLIST_TRACKS_MAX);
      expect(full.tracks.at(-1)!.position).toBe(PLAYLIST_TRACKS_MAX - 1);
      const over = await call(app, 'POST', `/api/playlists/${full.id}/songs`, token, {
        title: 'One more',
        url: 'https://example.com/one-more.mp3',
      });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        message: PLAYLIST_API_MESSAGES.tooManyTracks,
        code: 'playlist.tooManyTracks',
        errors: { tracks: PLAYLIST_API_MESSAGES.tooManyTracks },
        fieldCodes: { tracks: 'playlist.tooManyTracks' },
      });
      const replace = await call(app, 'PUT', `/api/playlists/${full.id}`, token, {
        tracks: [...many, track(PLAYLIST_TRACKS_MAX)],
      });
      expect(replace.statusCode).toBe(400);
      expect(replace.json<{ message: string }>().message).toBe(PLAYLIST_API_MESSAGES.tooManyTracks);
      expect(
        (await call(app, 'GET', `/api/playlists/${full.id}/songs`, token)).json(),
      ).toHaveLength(PLAYLIST_TRACKS_MAX);
      // Reordering a full playlist (one statement for every position) works too.
      const reversed = [...full.tracks].reverse().map((t) => t.id);
      const reorder = await call(app, 'PUT', `/api/playlists/${full.id}/songs/order`, token, {
        song_ids: reversed,
      });
      expect(reorder.statusCode, reorder.body).toBe(200);
      expect(reorder.json<Playlist>().tracks.map((t) => t.id)).toEqual(reversed);
    });

    it(`allows ${PLAYLISTS_MAX_PER_USER} playlists per user, saying so when over`, async () => {
      const { app, database, clock } = await apps.make();
      const { token, user } = await register(app);
      const other = await register(app);
      const now = clock.now().toISOString();
      // One short of the limit inserted directly; the last one through the API.
      await database.db
        .insertInto('playlists')
        .values(
          Array.from({ length: PLAYLISTS_MAX_PER_USER - 1 }, (_, i) => ({
            id: uuidv7(),
            user_id: user.id,
            name: `Playlist ${i}`,
            description: '',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await created(app, token, { name: 'The last one' });
      const over = await call(app, 'POST', '/api/playlists', token, { name: 'One too many' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        code: expect.any(String),
        message: PLAYLIST_API_MESSAGES.tooManyPlaylists,
      });
      expect((await call(app, 'GET', '/api/playlists', token)).json<Playlist[]>()).toHaveLength(
        PLAYLISTS_MAX_PER_USER,
      );
      // Per user: someone else can still create.
      await created(app, other.token);
    });

    it('keeps the playlist limit under concurrent creates', async () => {
      const { app, database, clock } = await apps.make();
      const { token, user } = await register(app);
      const now = clock.now().toISOString();
      await database.db
        .insertInto('playlists')
        .values(
          Array.from({ length: PLAYLISTS_MAX_PER_USER - 2 }, (_, i) => ({
            id: uuidv7(),
            user_id: user.id,
            name: `Playlist ${i}`,
            description: '',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call(app, 'POST', '/api/playlists', token, { name: `Race ${i}`, tracks: [track(i)] }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
      expect((await call(app, 'GET', '/api/playlists', token)).json<Playlist[]>()).toHaveLength(
        PLAYLISTS_MAX_PER_USER,
      );
    });

    it('keeps positions dense under concurrent adds', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const playlist = await created(app, token, { tracks: [] });
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(app, 'POST', `/api/playlists/${playlist.id}/songs`, token, {
            title: `Parallel ${i}`,
            url: `https://example.com/${i}.mp3`,
          }),
        ),
      );
      const songs = (await call(app, 'GET', `/api/playlists/${playlist.id}/songs`, token)).json<
        PlaylistTrack[]
      >();
      expect(songs.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });
  });

  it('never answers 5xx to odd JSON bodies on any playlist write', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const playlist = await created(app, token);
    const song = playlist.tracks[0]!.id;
    const oddString = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\uD800', '  ', 'x'.repeat(3000), 'https://', 'javascript:x', song),
    );
    const oddValue = fc.oneof(
      oddString,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(oddString, { maxLength: 3 }),
    );
    const oddTrack = fc.dictionary(
      fc.constantFrom('id', 'title', 'artist', 'url', 'artwork', 'image_url', 'duration', 'source'),
      oddValue,
      { maxKeys: 8 },
    );
    const oddBody = fc.oneof(
      fc.dictionary(
        fc.constantFrom('name', 'description', 'tracks', 'song_ids', '__proto__', 'constructor'),
        fc.oneof(oddValue, fc.array(oddTrack, { maxLength: 3 })),
        { maxKeys: 4 },
      ),
      oddTrack,
      fc.jsonValue(),
    );
    const endpoints = [
      ['POST', '/api/playlists'],
      ['PUT', `/api/playlists/${playlist.id}`],
      ['POST', `/api/playlists/${playlist.id}/songs`],
      ['PUT', `/api/playlists/${playlist.id}/songs/order`],
      ['PATCH', `/api/playlists/${playlist.id}/songs/${song}`],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), oddBody, async ([method, url], body) => {
        const response = await app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(
          response.statusCode,
          `${method} ${url} ${JSON.stringify(body)}: ${response.body}`,
        ).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('documents every playlists call in OpenAPI', async () => {
    const { app } = await apps.make();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const routes: [string, string, string[]][] = [
      ['get', '/api/playlists', ['200', '401']],
      ['post', '/api/playlists', ['201', '400', '401']],
      ['get', '/api/playlists/{id}', ['200', '401', '404']],
      ['put', '/api/playlists/{id}', ['200', '400', '401', '404']],
      ['delete', '/api/playlists/{id}', ['204', '401', '404']],
      ['get', '/api/playlists/{id}/songs', ['200', '401', '404']],
      ['post', '/api/playlists/{id}/songs', ['201', '400', '401', '404']],
      ['put', '/api/playlists/{id}/songs/order', ['200', '400', '401', '404']],
      ['patch', '/api/playlists/{id}/songs/{songId}', ['200', '400', '401', '404']],
      ['delete', '/api/playlists/{id}/songs/{songId}', ['200', '401', '404']],
    ];
    for (const [method, url, statuses] of routes) {
      const operation = doc.paths[url]?.[method];
      expect(operation, `${method} ${url}`).toBeDefined();
      for (const status of statuses) {
        expect(operation?.responses[status], `${method} ${url} ${status}`).toBeDefined();
      }
    }
  });

  it('goes with its owner when the account is deleted', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    await created(app, token);
    await database.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await database.db
      .selectFrom('playlists')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
