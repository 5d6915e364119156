import { EnumSelect } from '@/components/ui/enum-select';
import { VIDEO_SHAPES, type VideoShape } from '@/lib/contract';

const SHAPE_LABELS: Record<VideoShape, string> = {
  original: 'Same as the image',
  '16:9': 'Landscape 16:9 (YouTube, slides)',
  '9:16': 'Vertical 9:16 (Reels, Shorts, TikTok)',
  '1:1': 'Square 1:1 (feeds)',
};

/** Where the video goes: the picture is fitted on white paper of that shape, with a margin. */
export function ShapeSelect({
  value,
  onChange,
}: {
  value: VideoShape;
  onChange: (shape: VideoShape) => void;
}) {
  return (
    <EnumSelect
      id="video-shape"
      label="Video shape"
      options={VIDEO_SHAPES}
      optionLabel={(shape) => SHAPE_LABELS[shape]}
      value={value}
      onChange={onChange}
    />
  );
}
