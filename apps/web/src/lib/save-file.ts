/** Hands the browser a file to save, the way a download link would (the receipt PDF, the account's data). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the bytes over; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
