import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  AUDIO_TRACKS,
  BLANK_PICTURE,
  MAX_WAITING_VIDEOS_PER_USER,
  MODEL_CREDIT_COST,
  STORED_AUDIO,
  VIDEOS_PAGE_SIZE,
  exportsCreditCost,
  storyCountedSeconds,
  storyCreditCost,
  type CreateVideoBlobData,
  type StoryScene,
  type Video,
  type VideoExport,
} from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { requireOwned } from '../../db/ownership.js';
import { AppError } from '../../errors.js';
import { pageWindow, paginationOf } from '../../http/pagination.js';
import { imageRequired, titleFromFileName, type ReceivedFile } from '../../http/upload.js';
import type { JobSender } from '../../jobs/definitions.js';
import type { ProgressBus } from '../../progress/progress-bus.js';
import {
  imageKey,
  thumbnailKey,
  thumbnailName,
  uploadAudioKey,
  videoKey,
} from '../../storage/keys.js';
import type { Storage } from '../../storage/storage.js';
import type { AudioChecker, CheckedAudio } from '../audio/audio-file.js';
import { requireUserById } from '../auth/users.js';
import { exportsOfVideos, insertExports } from '../exports/queries.js';
import { deleteExportFiles, exportsAllowanceFactor } from '../exports/service.js';
import { applyCreditChange, insufficientCredits } from '../credits/ledger.js';
import type { Decode } from '../images/decode-queue.js';
import { normalizeImage, type StoredImage } from '../images/image-file.js';
import { requireRoom, requireWithinQuota } from '../quota/service.js';
import { renderPriority } from './fair-share.js';
import { progressEvent } from './progress-stream.js';
import {
  deleteVideoRow,
  insertImageAndVideo,
  setAiPreference,
  videosOf,
  waitingVideos,
  type VideoRow,
} from './queries.js';
import { scaleSettings } from './scale-settings.js';
import {
  checkSceneFiles,
  keepScenePictures,
  type KeptScenePicture,
  type KeptStory,
} from './scene-pictures.js';
import { checkStrokeEdits } from './stroke-edits.js';
import { checkUploadAudio, type UploadAudio } from './upload-audio.js';

export type { VideoRow };

/** What the videos use cases need, from the composition root. */
export interface VideoDeps {
  db: Db;
  storage: Storage;
  /** Sends the render job (`JOBS.renderVideo`). */
  jobs: JobSender;
  progress: ProgressBus;
  /** How long a render job may run before its worker is taken for dead, by its drawing's seconds. */
  jobExpirySeconds: (drawingSeconds: number) => number;
  /** Wakes this process's render workers at once (no-op when it runs none). */
  wakeWorkers: () => void;
  /** Checks the voice-over and music sent with a create, as a project's audio uploads. */
  audio: AudioChecker;
}

/** A video as the API shows it, with its exports (`exportsOfVideos`). */
export const toVideo = (row: Omit<VideoRow, 'options'>, exports: VideoExport[] = []): Video => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  progress: row.progress,
  thumbnailUrl: row.thumbnailKey ? thumbnailName(row.id) : null,
  createdAt: row.createdAt.toISOString(),
  aiModel: row.aiModel,
  durationSeconds: row.durationSeconds,
  sceneCount: row.sceneCount,
  exports,
});

/**
 * A video's price: its model's per picture scene (`STORY_CREDIT_RULE`; one picture, one scene),
 * and the credits of the exports chosen with it (`exportsCreditCost`: the web's shown price too).
 */
const videoCost = (settings: Pick<CreateVideoBlobData, 'aiModel' | 'scenes' | 'exports'>): number =>
  (settings.scenes
    ? storyCreditCost(
        MODEL_CREDIT_COST[settings.aiModel],
        settings.scenes.map((scene) => ({ blank: scene.picture === BLANK_PICTURE })),
      )
    : MODEL_CREDIT_COST[settings.aiModel]) + exportsCreditCost(settings.exports);

/**
 * Creates a video from an upload (the create-video use case, whole): its picture, or a story's
 * scene pictures, checked and normalized and the stroke edits checked against them, the voice-over
 * and music sent with it checked, the video debited and queued (`enqueueVideo`), this process's
 * render workers woken and the user's open progress streams told. Sound costs nothing
 * (`AUDIO_CREDIT_RULE`).
 */
export async function createVideo(
  deps: VideoDeps,
  input: {
    userId: string;
    /** The picture files sent (`image`, and a story's `scene-1`...), by field. */
    pictures: Partial<Record<string, ReceivedFile>>;
    /** The audio files sent beside the pictures (none from a client that sends no sound). */
    audio: UploadAudio<ReceivedFile>;
    settings: CreateVideoBlobData;
    /** The keyed hash of the network the request came from (`requesterNetwork`). */
    network: string;
    /** Waits for a free full-size decode (the decode queue). */
    decode: Decode;
  },
): Promise<Video> {
  const { settings, pictures, decode } = input;
  if (settings.scenes) checkSceneFiles(settings.scenes, pictures);
  else checkStrokeEdits(settings);
  await checkCanCreateVideo(deps.db, input.userId, settings);
  const upload = settings.scenes
    ? await keepStory(settings, settings.scenes, pictures, decode)
    : await keepImage(settings, pictures.image, decode);
  const audio = await checkUploadAudio(deps.audio, input.audio);
  const row = await enqueueVideo(deps, {
    userId: input.userId,
    network: input.network,
    upload,
    audio,
  });
  deps.wakeWorkers();
  await deps.progress.publish(row.userId, progressEvent(row));
  const exports = (upload.settings.exports ?? []).map((format) => ({
    format,
    status: 'processing' as const,
    bytes: null,
  }));
  return toVideo(row, exports);
}

/** What a create keeps for its render: its settings for the pictures as kept, and the pictures. */
interface KeptUpload {
  settings: CreateVideoBlobData;
  /** The name the upload is known by (its video's title comes from it). */
  fileName: string;
  /** The picture of a video of one picture. */
  image?: StoredImage;
  /** A story's pictures, by scene (none for a blank board). */
  scenePictures: (KeptScenePicture | undefined)[];
}

/** A video of one picture: the `image` file checked and normalized, as it always was. */
async function keepImage(
  settings: CreateVideoBlobData,
  file: ReceivedFile | undefined,
  decode: Decode,
): Promise<KeptUpload> {
  if (!file) throw imageRequired();
  // Read once its decode may start: uploads waiting for one do not hold their pictures in memory.
  const image = await decode(async () => normalizeImage(await readFile(file.path)));
  const scaled = scaleSettings(settings, image.scale);
  checkStrokeEdits(scaled, image);
  return { settings: scaled, fileName: file.fileName, image, scenePictures: [] };
}

/** A story: each picture scene's file checked and kept (`keepScenePictures`). */
async function keepStory(
  settings: CreateVideoBlobData,
  scenes: StoryScene[],
  files: Partial<Record<string, ReceivedFile>>,
  decode: Decode,
): Promise<KeptUpload> {
  const kept = await keepScenePictures(scenes, files, decode);
  return {
    settings: { ...settings, scenes: kept.scenes },
    fileName: storyName(kept),
    scenePictures: kept.pictures,
  };
}

/** A story is known by its first picture's name, or else by its first line of text. */
function storyName({ scenes, pictures }: KeptStory): string {
  const picture = pictures.find((p) => p !== undefined);
  if (picture) return picture.fileName;
  const text = scenes.flatMap((scene) => scene.texts)[0]?.text ?? '';
  return text.split('\n')[0] ?? '';
}

/**
 * What can be checked without the upload's pixels, before it is decoded (and, without `settings`,
 * before it is even read): the balance for the video's price (the cheapest model's while it is not
 * known yet), the waiting-videos cap and room in the storage quota. The transaction checks each
 * again.
 */
export async function checkCanCreateVideo(
  db: Db,
  userId: string,
  settings?: Pick<CreateVideoBlobData, 'aiModel' | 'scenes' | 'exports'>,
) {
  const user = await requireUserById(db, userId);
  const cost = settings ? videoCost(settings) : Math.min(...Object.values(MODEL_CREDIT_COST));
  if (user.credits < cost) throw insufficientCredits();
  if ((await waitingVideos(db, userId)) >= MAX_WAITING_VIDEOS_PER_USER) throw tooManyWaiting();
  await requireRoom(db, userId);
}

/**
 * The seconds a render's allowance grows with: the drawing's, or a whole story's, times what its
 * exports add (`exportsAllowanceFactor`).
 */
const renderSeconds = ({ drawingTime, scenes, exports }: CreateVideoBlobData) =>
  (scenes ? storyCountedSeconds(scenes) : drawingTime) * exportsAllowanceFactor(exports);

/**
 * The pictures and audio files are stored first; then, in one transaction, the video's price is
 * debited (402 `Insufficient credits` leaves nothing behind), the upload's rows (its image, scene
 * pictures and audio) and the video's are created, the model becomes the user's preference and the
 * render job is enqueued at its fair share (`renderPriority`; 429 beyond
 * `MAX_WAITING_VIDEOS_PER_USER` of the user's own waiting).
 */
async function enqueueVideo(
  { db, storage, jobs, jobExpirySeconds }: VideoDeps,
  input: {
    userId: string;
    upload: KeptUpload;
    audio: UploadAudio<CheckedAudio>;
    network: string;
  },
): Promise<VideoRow> {
  const { userId, upload, network } = input;
  const { settings, image } = upload;
  const videoId = randomUUID();
  const imageId = randomUUID();
  const storageKey = image ? imageKey(imageId, image.extension) : null;
  const scenePictures = upload.scenePictures.flatMap((file, sceneIndex) =>
    file ? [{ sceneIndex, file, storageKey: imageKey(randomUUID(), file.extension) }] : [],
  );
  const audio = AUDIO_TRACKS.flatMap((track) => {
    const file = input.audio[track];
    return file ? [{ track, file, storageKey: uploadAudioKey(imageId, track) }] : [];
  });
  const cost = videoCost(settings);
  try {
    if (image && storageKey) await storage.put(storageKey, image.data, image.mimeType);
    for (const { storageKey, file } of scenePictures) {
      await storage.upload(storageKey, file.path, file.mimeType);
    }
    for (const { storageKey, file } of audio) {
      await storage.upload(storageKey, file.file, STORED_AUDIO.contentType);
    }
    return await db.transaction(async (tx) => {
      const row = await insertImageAndVideo(
        tx,
        {
          id: imageId,
          userId,
          originalName: upload.fileName.slice(0, 255),
          storageKey,
          mimeType: image?.mimeType ?? null,
          width: image?.width ?? null,
          height: image?.height ?? null,
          sizeBytes: image?.data.length ?? 0,
        },
        {
          audio: audio.map(({ track, file, storageKey }) => ({
            track,
            storageKey,
            bytes: file.bytes,
            durationSeconds: file.durationSeconds,
          })),
          scenePictures: scenePictures.map(({ sceneIndex, file, storageKey }) => ({
            sceneIndex,
            storageKey,
            mimeType: file.mimeType,
            bytes: file.bytes,
          })),
        },
        {
          id: videoId,
          title: titleFromFileName(upload.fileName),
          settings,
          creditsUsed: cost,
          requesterNetwork: network,
        },
      );
      await applyCreditChange(tx, {
        userId,
        delta: -cost,
        kind: 'video_debit',
        reason: `Video (${settings.aiModel})`,
        idempotencyKey: `video-debit:${videoId}`,
        videoId,
      });
      await requireWithinQuota(tx, userId);
      await setAiPreference(tx, userId, settings.aiModel);
      await insertExports(tx, videoId, settings.exports ?? []);
      // Counted after the debit, which holds the user's row: a parallel create waits and counts this one.
      const waiting = await waitingVideos(tx, userId, videoId);
      if (waiting >= MAX_WAITING_VIDEOS_PER_USER) throw tooManyWaiting();
      const jobId = await jobs.send(
        'renderVideo',
        { videoId },
        {
          transaction: tx,
          priority: await renderPriority(tx, { userId, network, videoId, ownWaiting: waiting }),
          expireInSeconds: jobExpirySeconds(renderSeconds(settings)),
        },
      );
      if (!jobId) throw new Error('the render queue refused the job');
      return row;
    });
  } catch (err) {
    const keys = [...scenePictures, ...audio].map((file) => file.storageKey);
    if (storageKey) keys.push(storageKey);
    await Promise.all(keys.map((key) => storage.delete(key)));
    throw err;
  }
}

const tooManyWaiting = () =>
  new AppError(
    429,
    `You already have ${MAX_WAITING_VIDEOS_PER_USER} videos waiting to be made. Create the next one when one of them is done.`,
    'TOO_MANY_WAITING_VIDEOS',
  );

/** A page of the user's videos, newest first. */
export async function listVideos(db: Db, userId: string, page: number) {
  const { total, rows } = await videosOf(db, userId, pageWindow(page, VIDEOS_PAGE_SIZE));
  const exports = await exportsOfVideos(
    db,
    rows.map((row) => row.id),
  );
  return {
    videos: rows.map((row) => toVideo(row, exports.get(row.id))),
    pagination: paginationOf(page, total, VIDEOS_PAGE_SIZE),
  };
}

/** The user's own video; anyone else's, or none, is a 404 (no hint that it exists). */
export const findOwnVideo = (db: Db, userId: string, id: string): Promise<VideoRow> =>
  requireOwned(db, 'video', userId, id);

/** One of the user's videos with its exports (`GET /api/videos/:id`). */
export async function videoWithExports(db: Db, row: VideoRow): Promise<Video> {
  return toVideo(row, (await exportsOfVideos(db, [row.id])).get(row.id));
}

/** The stored file of a finished video (or its thumbnail). */
export function fileKey(row: VideoRow, file: 'video' | 'thumbnail'): string {
  const key = file === 'video' ? row.videoKey : row.thumbnailKey;
  if (row.status !== 'completed' || !key) {
    throw new AppError(409, 'The video is not ready yet.', 'VIDEO_NOT_READY');
  }
  return key;
}

/** Deletes a finished or failed video and its files; one still being made cannot be deleted. */
export async function deleteVideo(
  { db, storage }: Pick<VideoDeps, 'db' | 'storage'>,
  row: VideoRow,
) {
  if (row.status === 'processing') {
    throw new AppError(
      409,
      'A video cannot be deleted while it is being made.',
      'VIDEO_PROCESSING',
    );
  }
  await deleteVideoRow(db, row.id);
  await Promise.all([
    storage.delete(videoKey(row.id)),
    storage.delete(thumbnailKey(row.id)),
    deleteExportFiles(storage, row.id),
  ]);
}
