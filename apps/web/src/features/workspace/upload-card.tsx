import { Card } from '@/components/ui/card';
import { HelpLink } from '@/components/ui/help-link';
import { ImageDropzone } from '@/features/upload/image-dropzone';
import { SamplePicker } from '@/features/upload/sample-picker';

/** Before an image is chosen: drop one, pick a file, or try a sample. */
export function UploadCard({ onImage }: { onImage: (file: File) => void }) {
  return (
    <Card
      title="Upload an Image"
      description="Line art, drawings and high-contrast photos give the best sketches."
      actions={<HelpLink section="uploading-images" topic="uploading images" />}
    >
      <ImageDropzone onImage={onImage}>
        <SamplePicker onImage={onImage} />
      </ImageDropzone>
    </Card>
  );
}
