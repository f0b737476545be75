export { ImageCountButton, type ImageCountButtonProps } from './ImageCountButton';
export { ImageGallery, type GalleryImage, type ImageGalleryProps } from './ImageGallery';
