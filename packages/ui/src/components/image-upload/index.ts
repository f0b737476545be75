export { ImageUpload, imageFileProblem, type ImageUploadProps } from './ImageUpload';
