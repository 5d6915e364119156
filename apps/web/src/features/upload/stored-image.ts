/** Spec 2.6: the try-now image waits in localStorage (image data and file name) through sign-in. */
const IMAGE_KEY = 'rasma.tryNow.imageData';
const NAME_KEY = 'rasma.tryNow.fileName';

/** Images are shrunk to fit this long side before storing, to stay within the storage quota. */
const MAX_STORED_SIDE = 2048;

export interface StoredImage {
  dataUrl: string;
  fileName: string;
}

export async function storeImageForLater(file: File): Promise<void> {
  const dataUrl = await fitForStorage(file);
  localStorage.setItem(IMAGE_KEY, dataUrl);
  localStorage.setItem(NAME_KEY, file.name);
}

export function readStoredImage(): StoredImage | null {
  const dataUrl = localStorage.getItem(IMAGE_KEY);
  const fileName = localStorage.getItem(NAME_KEY);
  return dataUrl ? { dataUrl, fileName: fileName ?? 'image' } : null;
}

export function clearStoredImage(): void {
  localStorage.removeItem(IMAGE_KEY);
  localStorage.removeItem(NAME_KEY);
}

/** Decodes a stored base64 data URL in memory: the CSP lets `fetch` reach only the app's origin. */
export function dataUrlToFile({ dataUrl, fileName }: StoredImage): File {
  const [header = '', base64 = ''] = dataUrl.split(',');
  const type = header.replace(/^data:/, '').split(';')[0];
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new File([bytes], fileName, { type });
}

async function fitForStorage(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_STORED_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 3_000_000) {
    bitmap.close();
    return readAsDataUrl(file);
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  return canvas.toDataURL(type, 0.92);
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}
