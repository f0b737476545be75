export {
  ImageCountButton,
  ImageGallery,
  type GalleryImage,
  type ImageCountButtonProps,
  type ImageGalleryProps,
} from './ImageGallery';
