// Saves a file the browser built (a PDF, a workbook, a bank file) under the given name, as a
// download. The object URL lives a few seconds more so slow browsers finish reading it.
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
