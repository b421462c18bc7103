/**
 * Markdown の画像（![説明](./photo.jpg)）を、ビルド時に作った写真（theme/Photo の <Photo>）に置き換える
 * remark プラグイン。Docusaurus の画像の処理より前に動く（beforeDefaultRemarkPlugins）。
 * SVG と外部の URL はそのまま通す。読めないファイルや説明のない写真は、ファイルと行を挙げてビルドを止める。
 */
import {readFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import type {Expression, ObjectExpression, Program} from 'estree';
import type {Image, Paragraph, Parent, Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {MdxjsEsm} from 'mdast-util-mdxjs-esm';
import type {VFile} from 'vfile';
import pLimit from 'p-limit';
import {rasterExtensions} from './check';
import {encodePhoto, PhotoError, type EncodedPhoto} from './encode';
import {photoPath, type PhotoFormat, type PhotoProps} from './shared';

const siteDir = path.resolve(__dirname, '../..');

/**
 * 本文の列の幅（Infima の配置を 320〜1920 px の画面で測った値）。996 px までは画面の幅から左右の余白
 * 32 px を引いた幅。それより広い画面では、ドキュメントはサイドバーと目次を除いた列（75% の列、最大 958 px）、
 * ブログは 7/12 の列（最大 738 px）、ページはコンテナーの幅。
 */
const sizesBySection: Readonly<Record<'docs' | 'blog' | 'pages', string>> = {
  docs: '(min-width: 997px) min(75vw - 257px, 958px), calc(100vw - 32px)',
  blog: '(min-width: 1440px) 738px, (min-width: 997px) min(58.33vw - 32px, 633px), calc(100vw - 32px)',
  pages: '(min-width: 1440px) 1288px, (min-width: 1140px) 1108px, calc(100vw - 32px)',
};

function sectionOf(file: string): keyof typeof sizesBySection {
  const relative = path.relative(siteDir, file).split(path.sep)[0];
  return relative === 'docs' || relative === 'blog' ? relative : 'pages';
}

type Found = {readonly paragraph: Paragraph; readonly parent: Parent; readonly images: Image[]};

const isRaster = (url: string): boolean =>
  !/^[a-z][a-z0-9+.-]*:/i.test(url) &&
  rasterExtensions.includes(path.extname(url.split(/[?#]/)[0] as string).toLowerCase());

function locate(file: VFile, node: Image): string {
  const name = path.relative(siteDir, file.path || '') || '(不明なファイル)';
  return node.position ? `${name}:${node.position.start.line}` : name;
}

/** 写真を含む段落。段落には写真だけを置く（写真は段落の中に置けない <dialog> を持つ）。 */
function findPhotos(parent: Parent, file: VFile, found: Found[] = []): Found[] {
  for (const child of parent.children) {
    if (child.type === 'paragraph') {
      const images = child.children.filter(
        (node): node is Image => node.type === 'image' && isRaster(node.url),
      );
      if (images.length === 0) continue;
      const others = child.children.filter(
        (node) =>
          !images.includes(node as Image) && !(node.type === 'text' && node.value.trim() === ''),
      );
      if (others.length > 0) {
        throw new Error(
          `${locate(file, images[0] as Image)}: 写真は文の中に置けません。写真の前後に空行を入れて、1 つの段落に写真だけを置いてください。`,
        );
      }
      found.push({paragraph: child, parent, images});
    } else if ('children' in child) {
      findPhotos(child, file, found);
    }
  }
  return found;
}

function sourceFile(url: string, file: VFile): string {
  const pathname = decodeURIComponent(url.split(/[?#]/)[0] as string);
  if (pathname.startsWith('@site/')) return path.join(siteDir, pathname.slice('@site/'.length));
  if (pathname.startsWith('/')) return path.join(siteDir, 'static', pathname);
  return path.resolve(path.dirname(file.path), pathname);
}

type Value = string | number | boolean | readonly number[];

const valueExpression = (value: Value): Expression =>
  Array.isArray(value)
    ? {
        type: 'ArrayExpression',
        elements: value.map((item: number) => ({type: 'Literal', value: item})),
      }
    : {type: 'Literal', value: value as string | number | boolean};

function objectExpression(props: PhotoProps): ObjectExpression {
  return {
    type: 'ObjectExpression',
    properties: Object.entries(props).map(([key, value]) => ({
      type: 'Property',
      key: {type: 'Identifier', name: key},
      value: valueExpression(value as Value),
      kind: 'init',
      method: false,
      shorthand: false,
      computed: false,
    })),
  };
}

/** <Photo {...props} />（MDX は属性の式を estree で受け取る）。 */
function photoElement(props: PhotoProps): MdxJsxFlowElement {
  const spread: ObjectExpression = {
    type: 'ObjectExpression',
    properties: [{type: 'SpreadElement', argument: objectExpression(props)}],
  };
  const program: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [{type: 'ExpressionStatement', expression: spread}],
  };
  return {
    type: 'mdxJsxFlowElement',
    name: 'Photo',
    attributes: [
      {
        type: 'mdxJsxExpressionAttribute',
        value: `...${JSON.stringify(props)}`,
        data: {estree: program},
      },
    ],
    children: [],
  };
}

/** import Photo from '@theme/Photo'; */
const photoImport: MdxjsEsm = {
  type: 'mdxjsEsm',
  value: "import Photo from '@theme/Photo';",
  data: {
    estree: {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ImportDeclaration',
          specifiers: [
            {type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: 'Photo'}},
          ],
          source: {type: 'Literal', value: '@theme/Photo'},
          attributes: [],
        },
      ],
    },
  },
};

const srcset = (photo: EncodedPhoto, format: PhotoFormat): string =>
  photo.variants
    .filter((variant) => variant.format === format)
    .map(({name, width}) => `${photoPath}${name}.${format} ${width}w`)
    .join(', ');

function propsOf(photo: EncodedPhoto, alt: string, sizes: string, first: boolean): PhotoProps {
  const fallback = photo.variants.find((variant) => variant.format === 'jpg');
  if (!fallback) throw new Error(`[denki-images] ${alt}: 予備の JPEG がありません`);
  return {
    alt,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    avif: srcset(photo, 'avif'),
    avifBytes: photo.variants
      .filter((variant) => variant.format === 'avif')
      .map(({bytes}) => bytes),
    jpeg: srcset(photo, 'jpg'),
    src: `${photoPath}${fallback.name}.jpg`,
    sizes,
    first,
  };
}

/**
 * 同時に読んで変換する写真の数。Rspack は多くの MDX を並行に読むので、限らないと何百枚もの写真が同時に
 * 中身と画素を抱え、図を描く Chromium も CPU を得られずにビルドが止まった（記事 200 本・写真 799 枚）。
 * sharp は 1 枚の変換の中でもコアを使うので、コアの数だけにする。
 */
const photoSlots = pLimit(availableParallelism());

async function encodeImage(node: Image, file: VFile): Promise<EncodedPhoto> {
  const where = locate(file, node);
  if (!node.alt?.trim()) {
    throw new Error(
      `${where}: 写真に説明（代わりのテキスト）がありません。![参加者が駅に集まる様子](${node.url}) のように、写っているものを [ ] の中に書いてください。`,
    );
  }
  const source = sourceFile(node.url, file);
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch {
    throw new Error(
      `${where}: 写真 ${node.url} が見つかりません。ファイルの名前と置き場所を確かめてください。`,
    );
  }
  try {
    return await encodePhoto(path.relative(siteDir, source), bytes);
  } catch (error) {
    if (error instanceof PhotoError) throw new Error(`${where}: ${error.message}`, {cause: error});
    throw error;
  }
}

export default function remarkPhotos() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const found = findPhotos(tree, file);
    if (found.length === 0) return;
    const images = found.flatMap(({images}) => images);
    const encoded = await Promise.all(
      images.map((node) => photoSlots(() => encodeImage(node, file))),
    );
    const sizes = sizesBySection[sectionOf(file.path)];
    const elements = new Map(
      images.map((node, index) => [
        node,
        photoElement(
          propsOf(encoded[index] as EncodedPhoto, (node.alt ?? '').trim(), sizes, index === 0),
        ),
      ]),
    );
    for (const {paragraph, parent, images: own} of found) {
      const index = parent.children.indexOf(paragraph as RootContent);
      parent.children.splice(index, 1, ...(own.map((node) => elements.get(node)) as RootContent[]));
    }
    tree.children.unshift(photoImport);
  };
}
