// Messages for the visual-signature problem codes, falling back to the app's general mapping.
import { isApiError } from '../../api/api-error.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';

const keyByCode: Record<string, MessageKey> = {
  'visual_signature.alias_taken': 'profile.visual.aliasTaken',
  'visual_signature.forbidden': 'profile.visual.forbidden',
  'visual_signature.image_invalid': 'profile.visual.imageWrongType',
  'upload.too_large': 'profile.visual.imageTooLarge',
};

export function describeVisualError(error: unknown): MessageKey {
  return (isApiError(error) && keyByCode[error.code]) || describeApiError(error);
}
