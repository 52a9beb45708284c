import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0';

describe('deviceName', () => {
  it.each([
    [CHROME_LINUX, 'Chrome on Linux'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [EDGE_WINDOWS, 'Edge on Windows'],
  ])('names the browser and the system it runs on', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it('says what it knows, and "A browser" when it knows nothing', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101')).toBe('Linux');
    expect(deviceName('curl/8.0')).toBe('A browser');
  });
});
