/**
 * The image with its colours inverted, drawn on a canvas in the browser: this is the file that is
 * previewed and sent. Transparency is flattened onto white first (as the engine does), so it turns
 * black. A JPEG stays a JPEG; anything else becomes a PNG. The name is kept (it gives the title).
 */
export async function invertImage(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  context.globalCompositeOperation = 'difference';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.95));
  if (!blob) throw new Error('the canvas gave no image');
  return new File([blob], file.name, { type });
}
