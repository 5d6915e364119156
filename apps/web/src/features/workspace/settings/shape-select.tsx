import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
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
    <div className="grid gap-2">
      <Label htmlFor="video-shape">Video shape</Label>
      <Select
        id="video-shape"
        value={value}
        onChange={(event) => onChange(event.target.value as VideoShape)}
      >
        {VIDEO_SHAPES.map((shape) => (
          <option key={shape} value={shape}>
            {SHAPE_LABELS[shape]}
          </option>
        ))}
      </Select>
    </div>
  );
}
