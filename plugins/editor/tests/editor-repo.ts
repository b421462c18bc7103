export * from '../../../lib/editor-repo';
