// Bounds on what a roller types beside the dice, shared by /roll (and /r) and /check.

/** A roll's or a check's comment: at most this many characters (Discord enforces it on the option too). */
export const COMMENT_MAX = 200;
