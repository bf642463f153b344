// What the rest of the seller's slice may use of the photos feature: picking a listing's photos and changing them.
export { EditPhotosDialog } from './components/edit-photos-dialog';
export { PhotoPicker } from './components/photo-picker';
export { usePhotoList } from './hooks/use-photo-list';
