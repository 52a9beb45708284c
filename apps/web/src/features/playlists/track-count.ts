/** "1 track", "12 tracks". */
export function trackCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'track' : 'tracks'}`;
}
