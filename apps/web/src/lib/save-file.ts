/**
 * Hands `blob` to the browser as a download named `name` (stats' CSV, the profile's account
 * export): a hidden link clicked once, its object URL revoked once the browser has the file.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoke once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
