/**
 * The instances' warnings that they shed load (decision 063), read from their JSON log: which
 * pressure (eventLoopDelay, heapUsedBytes, databaseWaiting) and its value. An instance warns at
 * most once per 10 s while it sheds. Errors (level 50 and up) go to `report` as they come: why an
 * instance failed to start, or what went wrong under load.
 */
export function shedWatcher(report: (line: string) => void) {
  const shed: string[] = [];
  const partial: string[] = [];
  const onLog = (chunk: Buffer, instance: number) => {
    const lines = ((partial[instance] ?? '') + chunk.toString()).split('\n');
    partial[instance] = lines.pop() ?? '';
    for (const line of lines) {
      if (/"level":(5|6)0/.test(line)) report(`instance ${instance + 1}: ${line.slice(0, 500)}`);
      if (!line.includes('overloaded')) continue;
      try {
        const entry = JSON.parse(line) as { pressure?: string; value?: number };
        const value =
          entry.pressure === 'heapUsedBytes'
            ? `${Math.round((entry.value ?? 0) / 2 ** 20)} MB`
            : String(Math.round(entry.value ?? 0));
        shed.push(`instance ${instance + 1} ${entry.pressure} ${value}`);
      } catch {
        shed.push(`instance ${instance + 1}: ${line.slice(0, 200)}`);
      }
    }
  };
  return { shed, onLog };
}
