import {
  ACCEPTED_AUDIO,
  ACCEPTED_IMAGES,
  AUDIO_TRACKS,
  createVideoBlobDataSchema,
  projectStateSchema,
  type EndpointName,
} from '@rasma/contract';
import type { JsonSchema } from './schemas.js';
import { jsonSchemaOf } from './schemas.js';

/** A file part of a multipart body. */
const file = (description: string): JsonSchema => ({
  type: 'string',
  contentMediaType: 'application/octet-stream',
  description,
});

/** A text part holding JSON, described by its schema (what the server parses it with). */
const jsonField = (
  schema: Parameters<typeof jsonSchemaOf>[0],
  description: string,
): JsonSchema => ({
  type: 'string',
  contentMediaType: 'application/json',
  contentSchema: jsonSchemaOf(schema, 'input'),
  description,
});

const image = file(`The picture: ${ACCEPTED_IMAGES}.`);
const videoImage = file(
  `The picture of a one-picture video, or of a story's scene whose picture is \`image\`: ${ACCEPTED_IMAGES}.`,
);
const audio = (what: string) => file(`${what}: ${ACCEPTED_AUDIO}.`);

/**
 * The multipart bodies of the uploads a token may make: their parts, as the handlers read them
 * (the table only says `multipart: true`).
 */
export const MULTIPART_BODIES: Partial<Record<EndpointName, JsonSchema>> = {
  createVideo: {
    type: 'object',
    properties: {
      image: videoImage,
      blobData: jsonField(
        createVideoBlobDataSchema,
        "The video's settings as JSON; every field has a default, so `{}` will do.",
      ),
      ...Object.fromEntries(
        AUDIO_TRACKS.map((track) => [
          track,
          audio(`Optional: the ${track} track, set by \`blobData.audio.${track}\``),
        ]),
      ),
    },
    patternProperties: {
      '^scene-[1-9][0-9]?$': file(
        `A story's scene picture, named by \`blobData.scenes[].picture\`: ${ACCEPTED_IMAGES}.`,
      ),
    },
    required: ['blobData'],
  },
  createProject: {
    type: 'object',
    properties: {
      image,
      state: jsonField(projectStateSchema, "The project's state as JSON."),
    },
    required: ['image', 'state'],
  },
  uploadProjectAudio: {
    type: 'object',
    properties: { audio: audio("The track's audio; it replaces the track's file") },
    required: ['audio'],
  },
  uploadProjectSceneImage: {
    type: 'object',
    properties: { image: file(`A scene's picture: ${ACCEPTED_IMAGES}.`) },
    required: ['image'],
  },
};
