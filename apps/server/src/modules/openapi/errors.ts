import {
  API_TOKEN_LIMITS,
  type Endpoint,
  type EndpointName,
  type ErrorCode,
} from '@rasma/contract';

/** HTTP status -> the error codes (`ERROR_CODES`) a call may answer with it. */
export type ErrorStatuses = Partial<Record<number, readonly ErrorCode[]>>;

const IMAGE_UPLOAD: ErrorStatuses = {
  400: ['EMPTY_FILE', 'BAD_IMAGE', 'BAD_REQUEST'],
  413: ['BODY_TOO_LARGE', 'FIELD_TOO_LARGE', 'IMAGE_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['UPLOAD_BUSY'],
};
const AUDIO_UPLOAD: ErrorStatuses = {
  400: ['EMPTY_FILE', 'NOT_AUDIO', 'AUDIO_TOO_LONG', 'AUDIO_TOO_SHORT', 'AUDIO_CHANNELS'],
  413: ['BODY_TOO_LARGE', 'AUDIO_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
};
const FILE_NOT_READY: ErrorStatuses = { 409: ['VIDEO_NOT_READY'] };

/**
 * What each call a token may make answers besides the errors every such call can give
 * (`commonErrors`), as its handler and services throw them.
 */
export const CALL_ERRORS: Partial<Record<EndpointName, ErrorStatuses>> = {
  createVideo: merge(IMAGE_UPLOAD, AUDIO_UPLOAD, {
    402: ['INSUFFICIENT_CREDITS'],
    429: ['TOO_MANY_WAITING_VIDEOS'],
  }),
  streamVideo: FILE_NOT_READY,
  downloadVideo: FILE_NOT_READY,
  deleteVideo: { 409: ['VIDEO_PROCESSING'] },
  createVideoExport: FILE_NOT_READY,
  downloadVideoExport: { 409: ['EXPORT_NOT_READY'] },
  createProject: merge(IMAGE_UPLOAD, {
    409: ['TOO_MANY_PROJECTS', 'STORAGE_QUOTA_REACHED'],
    429: ['TOO_MANY_NEW_PROJECTS'],
  }),
  saveProject: { 413: ['STATE_TOO_LARGE'] },
  uploadProjectAudio: merge(AUDIO_UPLOAD, { 409: ['STORAGE_QUOTA_REACHED'] }),
  uploadProjectSceneImage: merge(IMAGE_UPLOAD, { 409: ['STORAGE_QUOTA_REACHED'] }),
};

/**
 * The errors of every call a token may make: a missing or refused token (401), a token without
 * the call's scope (403), the token's rate limit (429), input that breaks the call's schemas (400),
 * a resource that is not there or not the token owner's (404), the database or storage out of
 * reach (503).
 */
export function commonErrors(e: Endpoint): ErrorStatuses {
  const hasInput = Boolean(e.params ?? e.query ?? e.body ?? e.multipart);
  return {
    ...(hasInput
      ? { 400: ['VALIDATION_ERROR', ...(e.body ? (['MALFORMED_JSON'] as const) : [])] }
      : {}),
    401: ['UNAUTHENTICATED'],
    403: ['FORBIDDEN'],
    ...(e.params ? { 404: ['NOT_FOUND'] } : {}),
    429: ['RATE_LIMITED'],
    503: ['SERVICE_UNAVAILABLE'],
  };
}

/** Why each status is answered, for the document's responses. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'The request breaks a rule of the call (the message names the field or the file)',
  401: 'No API token, or one that is mistyped, revoked or of a deleted account',
  402: 'Too few credits',
  403: "The token lacks the call's scope",
  404: "Not there, or not yours (another person's id answers the same)",
  409: 'Not now: the resource is not in a state that allows it',
  413: 'Too large',
  415: 'Not a file of a type the call takes',
  429: `Too many requests: a token makes at most ${API_TOKEN_LIMITS.requestsPerWindow} in ${API_TOKEN_LIMITS.windowSeconds} s, then waits the \`Retry-After\` seconds; some calls have limits of their own`,
  503: 'The database or the file storage is out of reach for a moment: try again soon',
};

/** The statuses of `sets` together, each with the codes of every set that gives it. */
export function merge(...sets: ErrorStatuses[]): ErrorStatuses {
  const merged: Record<number, ErrorCode[]> = {};
  for (const set of sets) {
    for (const [status, codes] of Object.entries(set)) {
      const list = (merged[Number(status)] ??= []);
      for (const code of codes ?? []) if (!list.includes(code)) list.push(code);
    }
  }
  return merged;
}
