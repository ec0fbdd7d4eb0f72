// The analysis module's public surface: what other modules may use. The rest is the module's own.
export { findAnalysis, toAnalysisState, toAnalysisView } from './analysis-store';
export { listRanges } from './range-store';
export { readStoredPoses } from './poses';
