import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './endpoints.js';

describe('isAllowedPushEndpoint', () => {
  it("takes the push services' own addresses", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGZ1',
      'https://wns2-bn3p.notify.windows.com/w/?token=AQE',
      'https://FCM.googleapis.com/fcm/send/x',
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses every other host, port, scheme and trick', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push',
      'https://localhost/push',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evilpush.apple.com.test/x',
      'https://push.apple.com/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'not a url',
      'ftp://fcm.googleapis.com/x',
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('takes the extra origins exactly, http included, and nothing beside them', () => {
    const extra = ['http://127.0.0.1:4567'];
    expect(isAllowedPushEndpoint('http://127.0.0.1:4567/push/a', extra)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4568/push/a', extra)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:4567/push/a', extra)).toBe(false);
  });
});
