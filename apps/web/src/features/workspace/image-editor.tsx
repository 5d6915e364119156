import { Eye, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DEFAULT_BRUSH_SIZE } from '@/lib/contract';
import { createVideoBlobData, imageForm } from './generate/video-form';
import { useCreateVideo } from './generate/use-create-video';
import { ImagePanel } from './image-panel';
import { useInvertibleImage } from './image/use-invertible-image';
import { useLiveOutline } from './live-outline/use-live-outline';
import { BusyOverlay } from './preview/busy-overlay';
import { PreviewDialog } from './preview/preview-dialog';
import { useOutlinePreview } from './preview/use-outline-preview';
import { SettingsCard } from './settings/settings-card';
import type { VideoSettings } from './settings/use-video-settings';
import type { ChosenImage } from './use-chosen-image';
import { newZone } from './zones/zone';
import { useZones } from './zones/use-zones';
import { ZonesCard } from './zones/zones-card';

/**
 * Spec 2.5, once an image is chosen: the image with its zone canvas, the Special Zones, the
 * settings, the preview and Generate. Its zones and inversion belong to this image (the editor is
 * made anew for each); the settings are the workspace's.
 */
export function ImageEditor({
  chosen,
  settings,
  onChooseAnother,
  onCreated,
}: {
  chosen: ChosenImage;
  settings: VideoSettings;
  onChooseAnother: () => void;
  onCreated: () => void;
}) {
  const { zones, dispatch } = useZones();
  const [brushSize, setBrushSize] = useState<number>(DEFAULT_BRUSH_SIZE);
  const invert = useInvertibleImage(chosen);
  const preview = useOutlinePreview();
  const create = useCreateVideo({ onCreated });
  const image = invert.current.image;
  const { drawingTime, grayscaleLevel } = settings;
  const [outlineShown, setOutlineShown] = useState(false);
  const live = useLiveOutline({ enabled: outlineShown, image, grayscaleLevel, zones });

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <ImagePanel
          shown={invert.current}
          name={chosen.image.name}
          zones={zones}
          brushSize={brushSize}
          onPaint={(points, size) => dispatch({ type: 'add', zone: newZone(points, size, zones) })}
          onChooseAnother={onChooseAnother}
          outline={{
            shown: outlineShown,
            onToggle: () => setOutlineShown((shown) => !shown),
            image: live.outline,
            failed: live.failed,
          }}
        >
          {preview.showOverlay && <BusyOverlay label="Generating Preview" />}
        </ImagePanel>
        <ZonesCard
          zones={zones}
          dispatch={dispatch}
          brushSize={brushSize}
          onBrushSize={setBrushSize}
        />
      </div>
      <div className="lg:sticky lg:top-20">
        <SettingsCard settings={settings} invert={invert}>
          <div className="grid grid-cols-[auto_1fr] gap-3">
            <Button
              variant="outline"
              disabled={preview.pending || invert.inverting}
              onClick={() => preview.request({ image, grayscaleLevel, zones })}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
              Preview
            </Button>
            <Button
              variant="accent"
              disabled={drawingTime === null || create.isPending || invert.inverting}
              onClick={() =>
                drawingTime !== null &&
                create.mutate(
                  imageForm(image, { blobData: createVideoBlobData(settings, drawingTime, zones) }),
                )
              }
            >
              {create.isPending ? <Spinner /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
              Generate
            </Button>
          </div>
        </SettingsCard>
      </div>
      <PreviewDialog image={preview.image} onClose={preview.close} />
    </div>
  );
}
