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

/** Returns the stored image, if any, and clears the stored entries. */
export function takeStoredImage(): StoredImage | null {
  const dataUrl = localStorage.getItem(IMAGE_KEY);
  const fileName = localStorage.getItem(NAME_KEY);
  localStorage.removeItem(IMAGE_KEY);
  localStorage.removeItem(NAME_KEY);
  return dataUrl ? { dataUrl, fileName: fileName ?? 'image' } : null;
}

export async function dataUrlToFile({ dataUrl, fileName }: StoredImage): Promise<File> {
  const blob = await (await fetch(dataUrl)).blob();
  return new File([blob], fileName, { type: blob.type });
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
