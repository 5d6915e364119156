/** Where each kind of file is kept in storage: the folder names and key shapes, said once. */
export const STORAGE_FOLDERS = {
  images: 'images',
  videos: 'videos',
  thumbnails: 'thumbnails',
} as const;

/** An uploaded image: `images/<id>.<extension>`. */
export const imageKey = (id: string, extension: string) =>
  `${STORAGE_FOLDERS.images}/${id}.${extension}`;

/** A finished video: `videos/<id>.mp4`. */
export const videoKey = (videoId: string) => `${STORAGE_FOLDERS.videos}/${videoId}.mp4`;

/** A video's thumbnail file name, as the API shows it (`thumbnailUrl`). */
export const thumbnailName = (videoId: string) => `${videoId}.jpg`;

/** A video's thumbnail: `thumbnails/<id>.jpg`. */
export const thumbnailKey = (videoId: string) =>
  `${STORAGE_FOLDERS.thumbnails}/${thumbnailName(videoId)}`;
