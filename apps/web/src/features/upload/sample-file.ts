import type { SampleImage } from './samples';

/**
 * A sample as a file to work on, named by its title and its extension: the video's title is the
 * file's name without the extension ("Cat in Box").
 */
export async function sampleFile(sample: SampleImage): Promise<File> {
  const response = await fetch(sample.file);
  if (!response.ok) throw new Error(`${sample.file} answered ${response.status}`);
  const blob = await response.blob();
  const extension = /\.[^./]+$/.exec(sample.file)?.[0] ?? '';
  return new File([blob], `${sample.title}${extension}`, { type: blob.type });
}
