// A video that costs nothing until it is wanted: only a poster and a play control are rendered, and
// the privacy-enhanced player iframe is inserted when the visitor presses play. Without JavaScript
// the play control is a plain link to the video on the host's site.
import { useEffect, useRef, useState } from 'react';
import { useMessages, useWarnings } from '../SiteEnv.tsx';
import { useLangs } from './content-lang.ts';
import { plainText } from '../lib/plain-text.ts';

export interface VideoFacadeProps {
  videoId: string;
  title: string;
  /** srcSet/sizes let phones pick a smaller poster file. */
  poster: { src: string; width: number; height: number; srcSet?: string; sizes?: string } | null;
}

export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{6,20}$/;
export const embedUrl = (videoId: string): string => `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`;
export const watchUrl = (videoId: string): string => `https://www.youtube.com/watch?v=${videoId}`;

function PlayIcon() {
  return (
    <svg className="video-facade__icon" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
      <path
        d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.2.3 34 .3 34 .3s-21.2 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.8 47.7 34 47.7 34 47.7s21.2 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
        fill="#1a1a1a"
        fillOpacity="0.85"
      />
      <path d="M27 34.3 45 24 27 13.7z" fill="#fff" />
    </svg>
  );
}

export function VideoFacade({ videoId, title, poster }: VideoFacadeProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const warnings = useWarnings();
  const messages = useMessages();
  const { ui } = useLangs();
  const valid = typeof videoId === 'string' && VIDEO_ID_PATTERN.test(videoId);

  useEffect(() => setEnhanced(true), []);
  // The play button disappears: keyboard users continue inside the player instead of at <body>.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (!valid) {
    warnings.once(`video:invalid:${String(videoId).slice(0, 40)}`, {
      kind: 'video',
      message: `video: invalid videoId ${JSON.stringify(String(videoId).slice(0, 40))}; the video is not shown`,
    });
    return null;
  }
  // Attributes, not text: no stega (src/lib/plain-text.ts).
  const label = plainText(messages.school.playVideo(title));

  return (
    <div className="video-facade">
      {playing ? (
        <iframe
          ref={frame}
          className="video-facade__frame"
          src={embedUrl(videoId)}
          title={plainText(title)}
          width={1280}
          height={720}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <>
          {poster ? (
            <img
              className="video-facade__poster"
              src={poster.src}
              srcSet={poster.srcSet}
              sizes={poster.srcSet ? poster.sizes : undefined}
              width={poster.width}
              height={poster.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : null}
          {enhanced ? (
            <button
              type="button"
              className="video-facade__play"
              aria-label={label}
              lang={ui}
              onClick={() => setPlaying(true)}
            >
              <PlayIcon />
            </button>
          ) : (
            <a className="video-facade__play" href={watchUrl(videoId)} aria-label={label} lang={ui}>
              <PlayIcon />
            </a>
          )}
        </>
      )}
    </div>
  );
}
