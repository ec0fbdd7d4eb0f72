// The users module's public surface: what other modules may use. The rest is the module's own.
export { endAccess } from './end-access';
export { chooseJerseyColors, listJerseyColors } from './jersey-colors';
export {
  addProfilePhoto,
  countProfilePhotos,
  deleteProfilePhoto,
  listProfilePhotos,
  SERVABLE_PHOTO_KEY,
  toPhotoView,
} from './profile-photos';
export { loadPeopleViews, loadUserView } from './user-view';
