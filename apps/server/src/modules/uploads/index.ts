/** Private image uploads: who may store and read them (docs/api.md "Identity and uploads"). */
export { findOwnUpload, findUploadByName, uploadNames } from './upload.repository.js';
export { uploadNameOf, uploadUrl } from './upload-url.js';
export { registerUploadRoutes } from './upload.routes.js';
export { UploadService } from './upload.service.js';
