// A district's own files (the PDF guide, the hero video) are file assets in its dataset, uploaded in
// the Studio: a `file` field holds a reference `file-<sha1>-<ext>`, and the content service serves
// the bytes at `/files/<project>/<dataset>/<sha1>.<ext>`. Pure: the caller says where a page links a
// file (the export copies each into out/files/, the preview proxies them), so the mapping of the
// settings and the landing page does not care which.

/** A file asset by its reference: the file's name as the service and the export store it. */
export interface FileAsset {
  /** `<sha1>.<ext>` */
  name: string;
  ext: string;
}

/** Where a page links a file asset (the caller decides; it may also note the file to copy it). */
export type FileSrc = (file: FileAsset) => string;

const FILE_REF = /^file-([A-Za-z0-9]{1,128})-([a-z0-9]{1,10})$/;

/** The file asset a `file` field (`{ asset: { _ref } }`) holds, or null. */
export function fileOf(field: unknown): FileAsset | null {
  const asset = field && typeof field === 'object' ? (field as { asset?: unknown }).asset : null;
  const ref = asset && typeof asset === 'object' ? (asset as { _ref?: unknown })._ref : null;
  const m = typeof ref === 'string' ? FILE_REF.exec(ref) : null;
  return m ? { name: `${m[1]}.${m[2]}`, ext: m[2]! } : null;
}

/** The address a content service serves a file asset at. */
export const fileUrlOn = (host: string, projectId: string, dataset: string, file: FileAsset): string =>
  `${host.replace(/\/+$/, '')}/files/${projectId}/${dataset}/${file.name}`;

/** Where the export writes a file asset, relative to the asset base. */
export const exportedFilePath = (file: FileAsset): string => `files/${file.name}`;

/** The hero video's formats, in the order the page offers them (the browser plays the first it can). */
export const VIDEO_TYPES: Readonly<Record<string, string>> = { webm: 'video/webm', mp4: 'video/mp4' };
