import path from 'node:path';
import { BLANK_PICTURE, STORED_AUDIO, type CreateVideoBlobData } from '@rasma/contract';
import type { SceneSettings } from '@rasma/engine';
import type { RenderAudio } from '../../render/messages.js';
import type { RenderSource } from '../../render/runner.js';
import type { StoredSource } from './queries.js';
import type { RenderInput } from './render-options.js';

/** A render's stored files, copied into its folder, and what it draws from them. */
export interface RenderFiles {
  downloads: { key: string; path: string }[];
  source: RenderSource;
  /** The voice-over and music; none for a silent video (the engine adds no track). */
  audio: RenderAudio | undefined;
}

/**
 * Where a video's stored files go in the render's `folder`: its picture, or each of a story's
 * picture scenes' (a blank board has none), and its sound. Undefined when a picture it needs is no
 * longer stored.
 */
export function renderFiles(
  stored: StoredSource,
  settings: CreateVideoBlobData,
  input: RenderInput,
  folder: string,
): RenderFiles | undefined {
  const downloads: RenderFiles['downloads'] = [];
  const copy = (key: string, fileName: string) => {
    const file = path.join(folder, fileName);
    downloads.push({ key, path: file });
    return file;
  };
  const picture = (key: string, name: string) => copy(key, `${name}${path.extname(key)}`);
  const sound: RenderAudio = {};
  for (const file of stored.audio) {
    sound[file.track] = copy(file.storageKey, `${file.track}.${STORED_AUDIO.extension}`);
  }
  const audio = stored.audio.length > 0 ? sound : undefined;
  if (!input.scenes || !settings.scenes) {
    if (!stored.storageKey) return undefined;
    return { downloads, source: { input: picture(stored.storageKey, 'upload') }, audio };
  }
  const pictures = new Map(stored.scenePictures.map((p) => [p.sceneIndex, p.storageKey]));
  const scenes: { scene: SceneSettings; input?: string }[] = [];
  for (const [index, scene] of input.scenes.entries()) {
    if (settings.scenes[index]?.picture === BLANK_PICTURE) {
      scenes.push({ scene });
      continue;
    }
    const key = pictures.get(index);
    if (!key) return undefined;
    scenes.push({ scene, input: picture(key, `scene-${index + 1}`) });
  }
  return { downloads, source: { scenes }, audio };
}
