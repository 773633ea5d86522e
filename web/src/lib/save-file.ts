/** Hands text to the browser as a download with the given name (no new tab, no server round trip). */
export function saveFile(text: string, fileName: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Hands a file made in the page (text, an image) to the browser as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
