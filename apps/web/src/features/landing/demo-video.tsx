import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import type { Demo } from './demos';

/** A round button over the video's bottom right corner (place it with a `right-*` class). */
const CONTROL =
  'absolute bottom-3 inline-flex h-9 w-9 items-center justify-center rounded-full bg-ink/80 text-white transition-colors hover:bg-ink focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none';

const prefersReducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
/** Without IntersectionObserver (old browsers, tests' DOM) the video simply loads at once. */
const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * A muted demo video that loads (poster included) only when it comes near the screen, plays while
 * it is on screen and pauses off it. Visitors who ask for reduced motion see the poster until they
 * press Play; everyone can pause it. A demo with a soundtrack has a second button that turns its
 * sound on (browsers let a page start a video with sound only after a click).
 */
export function DemoVideo({
  demo,
  loop = true,
  onEnded,
  className,
}: {
  demo: Demo;
  loop?: boolean;
  onEnded?: () => void;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(() => !canObserve());
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const video = ref.current;
    if (!video || !canObserve()) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) {
          video.pause();
          return;
        }
        setNear(true);
        // Before its source is set, autoPlay starts it; a refused play leaves the poster showing.
        if (!paused && video.currentSrc) video.play().catch(() => undefined);
      },
      { rootMargin: '200px' },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [paused]);

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (paused) {
      setNear(true);
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  const toggleSound = () => {
    const video = ref.current;
    setMuted(!muted);
    if (!video || !muted) return;
    // Sound on starts the demo from its beginning, so the sound is heard with the drawing it fits.
    setNear(true);
    setPaused(false);
    video.currentTime = 0;
    video.play().catch(() => undefined);
  };

  return (
    <div
      className={cn(
        'relative aspect-[4/3] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg',
        className,
      )}
    >
      <video
        ref={ref}
        className="h-full w-full object-cover"
        src={near ? demo.video : undefined}
        poster={near ? demo.poster : undefined}
        aria-label={demo.label}
        muted={muted}
        playsInline
        loop={loop}
        autoPlay={!paused}
        preload="none"
        width={960}
        height={720}
        onEnded={onEnded}
      />
      {demo.sound && (
        <button
          type="button"
          onClick={toggleSound}
          aria-pressed={!muted}
          aria-label="Sound"
          className={`${CONTROL} right-14`}
        >
          {muted ? (
            <VolumeX className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Volume2 className="h-4 w-4" aria-hidden="true" />
          )}
        </button>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-label={paused ? 'Play demo video' : 'Pause demo video'}
        className={`${CONTROL} right-3`}
      >
        {paused ? (
          <Play className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Pause className="h-4 w-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
