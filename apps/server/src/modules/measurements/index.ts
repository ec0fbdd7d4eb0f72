// The measurements module's public surface: what other modules may use. The rest is the module's own.
export { measurementRoutes } from './routes';
// Its service, built once by the composition root (src/services.ts).
export { MeasurementService } from './measurement-service';
