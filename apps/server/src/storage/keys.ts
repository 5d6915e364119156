import { randomUUID } from 'node:crypto';
import { AUDIO_TRACKS, type AudioTrack, type ExportFormat } from '@rasma/contract';

/** Where each kind of file is kept in storage: the folder names and key shapes, said once. */
export const STORAGE_FOLDERS = {
  images: 'images',
  videos: 'videos',
  thumbnails: 'thumbnails',
  /** A project's image and its thumbnail: kept with the project, apart from uploads. */
  projects: 'projects',
} as const;

/** An uploaded image, or a story's scene picture under an id of its own: `images/<id>.<extension>`. */
export const imageKey = (id: string, extension: string) =>
  `${STORAGE_FOLDERS.images}/${id}.${extension}`;

/**
 * A voice-over or music file sent with a create call: `images/<image id>.voice` or `.music`, kept
 * beside the uploaded image it goes with and deleted with it.
 */
export const uploadAudioKey = (imageId: string, track: AudioTrack) =>
  `${STORAGE_FOLDERS.images}/${imageId}.${track}`;

/** A finished video: `videos/<id>.mp4`. */
export const videoKey = (videoId: string) => `${STORAGE_FOLDERS.videos}/${videoId}.mp4`;

/** A video's file in another format, beside its MP4: `videos/<id>.webm`, `.gif`, `.transparent`. */
export const videoExportKey = (videoId: string, format: ExportFormat) =>
  `${STORAGE_FOLDERS.videos}/${videoId}.${EXPORT_KEY_KIND[format]}`;

const EXPORT_KEY_KIND: Record<ExportFormat, string> = {
  webm: 'webm',
  gif: 'gif',
  'webm-alpha': 'transparent',
};

/** A video's thumbnail file name, as the API shows it (`thumbnailUrl`). */
export const thumbnailName = (videoId: string) => `${videoId}.jpg`;

/** A video's thumbnail: `thumbnails/<id>.jpg`. */
export const thumbnailKey = (videoId: string) =>
  `${STORAGE_FOLDERS.thumbnails}/${thumbnailName(videoId)}`;

/** A project's image: `projects/<id>.<extension>`. */
export const projectImageKey = (projectId: string, extension: string) =>
  `${STORAGE_FOLDERS.projects}/${projectId}.${extension}`;

/**
 * A project's thumbnail, a JPEG: `projects/<id>.thumbnail` (its own extension, so that it never
 * takes the name of a project image that is a JPEG too).
 */
export const projectThumbnailKey = (projectId: string) =>
  `${STORAGE_FOLDERS.projects}/${projectId}.thumbnail`;

/**
 * A project's voice-over or music, AAC (`STORED_AUDIO`): `projects/<id>.voice.<uuid>` or
 * `.music.<uuid>`, a new key for each upload (kept in the track's row), so that the new file is
 * stored before the row changes and the old one stays whole until the new row is committed.
 */
export const newProjectAudioKey = (projectId: string, track: AudioTrack) =>
  `${STORAGE_FOLDERS.projects}/${projectId}.${track}.${randomUUID()}`;

/** The kind in a project scene image's key (`projectSceneImageKey`). */
const SCENE_IMAGE_KIND = 'scene';

/**
 * A picture uploaded for a scene of a project: `projects/<project id>.scene.<image id>` (its type is
 * kept in its row).
 */
export const projectSceneImageKey = (projectId: string, imageId: string) =>
  `${STORAGE_FOLDERS.projects}/${projectId}.${SCENE_IMAGE_KIND}.${imageId}`;

/** The project a key in the projects folder belongs to. */
export const projectIdOfKey = (key: string) =>
  key.slice(STORAGE_FOLDERS.projects.length + 1).split('.')[0] ?? '';

/** Whether a key in the projects folder is a project's audio file (`newProjectAudioKey`). */
export const isProjectAudioKey = (key: string) => {
  const kind = key.split('.')[1];
  return AUDIO_TRACKS.some((track) => track === kind);
};

/** Whether a key in the projects folder is a scene image's (`projectSceneImageKey`). */
export const isProjectSceneImageKey = (key: string) => key.split('.')[1] === SCENE_IMAGE_KIND;
