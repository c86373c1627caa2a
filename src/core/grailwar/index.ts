// Percentage Grail War rules (seed 000). Mana upkeep is here; the action menu and battles follow.
export * from './upkeep.js';
export * from './status.js';
export * from './actions.js';
export * from './battle.js';
