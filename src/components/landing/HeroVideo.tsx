// The hero's looping background video, the district's own (landingPage.heroVideo; without one the
// hero has none). It is decoration, so it must cost phones nothing: the
// server HTML has a <video preload="none"> without sources (nothing is fetched), and sources are
// attached only after mount when the viewport is wide enough. It fades in once it can play, does
// not autoplay for visitors who prefer reduced motion, and has a pause control (WCAG 2.2.2).
// It has no poster: the video is invisible until its first frame has loaded (then a paused video
// shows that frame), so a poster was never seen, only downloaded: the full 1920 px file on top of
// the testimonial's copy of the same picture.
import { useEffect, useRef, useState } from 'react';
import { HERO_VIDEO_FADE_MS, HERO_VIDEO_FRAME, HERO_VIDEO_MEDIA_QUERY } from '../../config/site.ts';
import { useMessages } from '../../SiteEnv.tsx';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export interface HeroVideoProps {
  /** The video's formats, each where the page links it (LandingCopy.heroVideo). */
  sources: { src: string; type: string }[];
}

export function HeroVideo({ sources }: HeroVideoProps) {
  const { hero } = useMessages();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [wide, setWide] = useState(false);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const mq = window.matchMedia?.(HERO_VIDEO_MEDIA_QUERY);
    if (!mq) return;
    // Once loaded it stays loaded: shrinking the window only hides it (CSS).
    const update = (): void => {
      if (mq.matches) setWide(true);
    };
    update();
    mq.addEventListener?.('change', update);
    return () => mq.removeEventListener?.('change', update);
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!wide || !video) return;
    video.muted = true;
    video.load();
    if (!window.matchMedia?.(REDUCED_MOTION).matches) {
      video.play()?.catch(() => {
        // Autoplay refused (power saving, policy): the poster stays, nothing to report.
      });
    }
  }, [wide]);

  const toggle = (): void => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play()?.catch(() => {});
    else video.pause();
  };

  if (sources.length === 0) return null;
  // The control sits outside the media layer: that layer is under the hero's darkening overlay.
  return (
    <>
      <div className="landing-hero__media">
        <video
          ref={videoRef}
          className={`landing-hero__video${ready ? ' is-ready' : ''}`}
          style={{ transition: `opacity ${HERO_VIDEO_FADE_MS}ms ease-in` }}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          width={HERO_VIDEO_FRAME.width}
          height={HERO_VIDEO_FRAME.height}
          onLoadedData={() => setReady(true)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          {wide && sources.map((s) => <source key={s.src} src={s.src} type={s.type} />)}
        </video>
      </div>
      {ready && (
        <button type="button" className="landing-hero__video-toggle" onClick={toggle}>
          {playing ? hero.pauseVideo : hero.playVideo}
        </button>
      )}
    </>
  );
}
