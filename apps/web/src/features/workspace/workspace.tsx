import { ImageDropzone } from '@/features/upload/image-dropzone';
import { ChosenImagePanel } from './chosen-image-panel';
import { useChosenImage } from './use-chosen-image';

/**
 * The signed-in home's tool: the image chosen here starts a video. What comes next lives in
 * subfolders of this feature (canvas/, zones/, settings/, preview/, progress/) and is composed here.
 */
export function Workspace() {
  const { chosen, choose } = useChosenImage();
  return chosen ? (
    <ChosenImagePanel chosen={chosen} onChooseAnother={() => choose(null)} />
  ) : (
    <ImageDropzone onImage={choose} />
  );
}
