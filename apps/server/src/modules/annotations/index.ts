// The annotations module's public surface: what other modules may use. The rest is the module's own.
export { AnnotationService } from './annotation-service';
export { LimitedTranscriber } from './transcription-limit';
