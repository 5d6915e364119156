import { z } from 'zod';
import { AUDIO_TRACKS, audioSettingsSchema } from './audio.js';
import { isoDateSchema } from './common.js';
import { formatBytes, PROJECT_LIMITS, STORAGE_LIMITS, ZONE_LIMITS } from './constants.js';
import { strokeEditsSchema } from './stroke-edits.js';
import {
  checkSceneIds,
  projectScenePictureSchema,
  STORY_LIMITS,
  STORY_MESSAGES,
  storySceneFields,
} from './story.js';
import { createVideoBlobDataSchema, strokeMaskSchema } from './videos.js';

/**
 * A project: the work on one image, kept on the server while a person works (`PUT` autosaves it)
 * and listed as a recent project, so it can be opened again on any device.
 */

/** A Special Zone as the workspace keeps it: the create call's zone and the colour it is shown in. */
export const projectZoneSchema = strokeMaskSchema.extend({
  colour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'A zone colour is a hex colour such as #4f46e5')
    .optional(),
});
export type ProjectZone = z.infer<typeof projectZoneSchema>;

/** The settings card's values, with the create call's rules and defaults. */
export const projectSettingsSchema = createVideoBlobDataSchema.pick({
  direction: true,
  grayscaleLevel: true,
  aiModel: true,
  drawingTime: true,
  shape: true,
  hand: true,
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

/**
 * A scene as a project keeps it: a story scene whose picture is the project's image, one of its
 * scene images or a blank board, with its zones as the workspace shows them and its inversion.
 */
export const projectSceneSchema = z.object({
  ...storySceneFields,
  picture: projectScenePictureSchema,
  zones: z.array(projectZoneSchema).max(ZONE_LIMITS.maxZones).default([]),
  inverted: z.boolean().default(false),
});
export type ProjectScene = z.infer<typeof projectSceneSchema>;
export type ProjectSceneInput = z.input<typeof projectSceneSchema>;
export const projectScenesSchema = z
  .array(projectSceneSchema)
  .min(1, STORY_MESSAGES.noScenes)
  .max(STORY_LIMITS.maxScenes, STORY_MESSAGES.tooManyScenes)
  .check((ctx) => checkSceneIds(ctx.value, ctx));

/** What a project keeps besides its image; zones within the create call's limits. */
export const projectStateSchema = z.object({
  zones: z.array(projectZoneSchema).max(ZONE_LIMITS.maxZones).default([]),
  settings: projectSettingsSchema.prefault({}),
  /** The settings card's "Invert Colors": the image is kept as chosen and inverted when opened. */
  inverted: z.boolean().default(false),
  /** The "Edit strokes" mode's edits, in the image's own pixels. */
  edits: strokeEditsSchema.optional(),
  /** The audio card's settings (trim, loudness, fades) for the project's audio files. */
  audio: audioSettingsSchema.optional(),
  /**
   * The story's scenes in order, once the person has more than the one picture (absent: the
   * project is one scene, described by the fields above). When present, each scene's own zones,
   * inversion, edits, direction, fill level and drawing time are its own, and the fields above
   * are not used for them; `settings` keeps the story-wide model, shape and hand.
   */
  scenes: projectScenesSchema.optional(),
});
export type ProjectState = z.infer<typeof projectStateSchema>;
/** A state as a client sends it (defaults not yet applied). */
export type ProjectStateInput = z.input<typeof projectStateSchema>;

/** Why a project cannot be made (`TOO_MANY_PROJECTS`): the person has `maxPerUser` already. */
export const TOO_MANY_PROJECTS_MESSAGE = `You have ${PROJECT_LIMITS.maxPerUser} projects. Delete one to start another.`;

/** Why a project cannot be started (`TOO_MANY_NEW_PROJECTS`): too many begun in the last day. */
export const TOO_MANY_NEW_PROJECTS_MESSAGE = `You started ${STORAGE_LIMITS.newProjectsPerDay} projects in the last day. Open a recent one, or start a new one tomorrow.`;

/** Why a state is not saved (`STATE_TOO_LARGE`). */
export const STATE_TOO_LARGE_MESSAGE = `This project's zones and stroke edits are too large to save (over ${formatBytes(STORAGE_LIMITS.maxStateBytes)}). Remove some of them to keep saving.`;

/** `GET /api/storage`: what the person keeps on the server against their quota. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(0),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** "1.2 GB of 2 GB used", as the workspace shows it. */
export const storageUsageText = ({ usedBytes, quotaBytes }: StorageUsage) =>
  `${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used`;

/** Why an upload is refused (`STORAGE_QUOTA_REACHED`): it would not fit in the person's quota. */
export const storageFullMessage = (usage: StorageUsage) =>
  `Your storage is full (${storageUsageText(usage)}). Delete projects you no longer need to make room.`;

export const projectIdParamsSchema = z.object({ id: z.uuid('Not a project id') });
/** A project's voice-over or music file. */
export const projectAudioParamsSchema = projectIdParamsSchema.extend({
  track: z.enum(AUDIO_TRACKS, 'Not an audio track (voice or music)'),
});

/** An audio file a project keeps (as `STORED_AUDIO`), with its real length. */
export const projectAudioFileSchema = z.object({
  /** `GET /api/projects/{id}/audio/{track}`: the stored AAC, with byte ranges for seeking. */
  url: z.string(),
  durationSeconds: z.number().positive(),
  /** What it counts against the storage quota. */
  bytes: z.number().int().min(0),
  /** The name it was uploaded with ("Recording" for one made in the browser). */
  fileName: z.string(),
});
export type ProjectAudioFile = z.infer<typeof projectAudioFileSchema>;
/** A project's audio files by track; a track without a file is absent. */
export const projectAudioFilesSchema = z.object({
  voice: projectAudioFileSchema.optional(),
  music: projectAudioFileSchema.optional(),
});
export type ProjectAudioFiles = z.infer<typeof projectAudioFilesSchema>;

/** A picture uploaded for a scene of a project: `POST /api/projects/{id}/images`. */
export const projectSceneImageSchema = z.object({
  imageId: z.uuid(),
  /** `GET /api/projects/{id}/images/{imageId}`: the picture as kept (upright, without metadata). */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** What it counts against the storage quota. */
  bytes: z.number().int().min(0),
  fileName: z.string(),
});
export type ProjectSceneImage = z.infer<typeof projectSceneImageSchema>;
export const projectSceneImageParamsSchema = projectIdParamsSchema.extend({
  imageId: z.uuid('Not a scene image id'),
});

/** A recent project as the workspace lists it. */
export const projectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: isoDateSchema,
  /** `GET /api/projects/{id}/thumbnail`: a small JPEG of the image. */
  thumbnailUrl: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
/** The newest change first, at most `PROJECT_LIMITS.recent`. */
export const recentProjectsResponseSchema = z.array(projectSummarySchema);

export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The name the image was chosen with (the video's title comes from it). */
  fileName: z.string(),
  state: projectStateSchema,
  updatedAt: isoDateSchema,
  /** `GET /api/projects/{id}/image`: the image as kept (upright, without metadata). */
  imageUrl: z.string(),
  /** The voice-over and music kept with the project (none before the audio card was used). */
  audioFiles: projectAudioFilesSchema.prefault({}),
  /** The pictures uploaded for its scenes besides the project's image (state.scenes names them). */
  sceneImages: z.array(projectSceneImageSchema).default([]),
});
export type Project = z.infer<typeof projectSchema>;

/** `PUT /api/projects/{id}`: the whole state, as an autosave sends it. */
export const saveProjectRequestSchema = z.object({ state: projectStateSchema });
export const projectSavedResponseSchema = z.object({ id: z.string(), updatedAt: isoDateSchema });
export type ProjectSaved = z.infer<typeof projectSavedResponseSchema>;
