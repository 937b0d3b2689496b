// The key/value wire codec: frames, the streaming decoder, request and response bodies.
export * from './frame.ts';
export * from './frame-decoder.ts';
export * from './pair-encoder.ts';
export * from './pair-decoder.ts';
export * from './classify.ts';
export * from './csv.ts';
export * from './response-body.ts';
export * from './ping.ts';
