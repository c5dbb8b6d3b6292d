// The stand-in Studio's page script (bundled by the test with esbuild): the part of the Studio's
// Presentation tool the preview talks to, since the real Studio cannot run offline. It frames the
// preview, opens the same comlink channel as Presentation (`presentation` ↔ `visual-editing`,
// @sanity/comlink's controller) and records what the preview sends: the overlay clicks
// (`visual-editing/focus`: document id and field path) and its moves (`visual-editing/navigate`).
// Like Presentation it answers the preview's question for its perspective (drafts until switched)
// and announces each switch of its published / drafts menu (`presentation/perspective`).
import { createConnectionMachine, createController } from '@sanity/comlink';
import { createCompatibilityActors } from '@sanity/presentation-comlink';

type Logged = { type: string; data: unknown };
const log: Logged[] = [];
const g = globalThis as unknown as {
  __studio: {
    log: Logged[];
    navigate(url: string): void;
    refresh(): void;
    perspective(p: 'published' | 'drafts'): void;
  };
};

const frame = document.createElement('iframe');
frame.title = 'Preview';
frame.style.width = '1200px';
frame.style.height = '900px';
frame.src = new URLSearchParams(window.location.search).get('frame') ?? 'about:blank';
document.body.append(frame);

// In the Studio's order: the frame as the target first, then the channel, then start.
const controller = createController({ targetOrigin: new URL(frame.src).origin });
controller.addTarget(frame.contentWindow!);
// Typed loosely: the stand-in only records; the message shapes are @sanity/presentation-comlink's.
const channel = controller.createChannel<any, any>(
  { name: 'presentation', connectTo: 'visual-editing', heartbeat: true },
  // As the Studio does: visual-editing also speaks the older channels format, and answers in it.
  createConnectionMachine<any, any>().provide({ actors: createCompatibilityActors<any>() }),
);
channel.onStatus((event) => log.push({ type: 'status', data: event.status }));
for (const type of ['visual-editing/focus', 'visual-editing/navigate', 'visual-editing/toggle']) {
  channel.on(type, (data: unknown) => {
    log.push({ type, data });
  });
}
let perspective: 'published' | 'drafts' = 'drafts';
channel.on('visual-editing/fetch-perspective', (data: unknown) => {
  log.push({ type: 'visual-editing/fetch-perspective', data });
  return { perspective };
});
channel.start();
g.__studio = {
  log,
  navigate: (url) => channel.post('presentation/navigate', { type: 'push', url }),
  refresh: () => channel.post('presentation/refresh', { source: 'manual', livePreviewEnabled: true }),
  perspective(p) {
    perspective = p;
    channel.post('presentation/perspective', { perspective: p });
  },
};
