export * from './app';
export * from './buyer-data';
export * from './client';
export * from './demo';
export * from './proposals';
export * from './urls';
export * from './suite';
export * from './steps';
