/** Hand a Blob to the browser's download under `fileName` (the desktop's export button). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; a tick later is safe in every browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
