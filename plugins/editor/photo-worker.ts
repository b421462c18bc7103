/**
 * 写真を整える Worker（client/photos/worker.ts）を、エディターとは別の入口として組む（issue 61）。エディターの
 * バンドルは、返す URL を __DENKI_PHOTO_WORKER__ として埋め込む（client/photos/off-thread.ts）。Worker は
 * エディターと同じオリジンのファイルなので、CSP の worker-src 'self' で動く。
 */
import path from 'node:path';
import {build, type BuildOptions} from 'esbuild';
import {editorDir} from './shared';

const workerEntry = path.join(__dirname, 'client/photos/worker.ts');

/** Worker を editorOut に組み、その /admin/ からの URL を返す。options はエディターと同じ圧縮や名前の付け方。 */
export async function bundlePhotoWorker(
  siteDir: string,
  editorOut: string,
  options: BuildOptions,
): Promise<string> {
  const result = await build({
    ...options,
    absWorkingDir: siteDir,
    entryPoints: {'photo-worker': workerEntry},
    outdir: editorOut,
    format: 'iife',
    splitting: false,
    metafile: true,
  });
  const file = Object.keys(result.metafile.outputs).find((output) => output.endsWith('.js'));
  if (!file) throw new Error('写真の Worker のバンドルに .js がありません');
  const relative = path.relative(editorOut, path.resolve(siteDir, file)).split(path.sep).join('/');
  return `/${editorDir}/${relative}`;
}
