// Gavel's agreement statistics: pure functions, plain arrays in, number | null out (null when undefined).
export * from "./confusion";
export * from "./consistency";
export * from "./correction";
export * from "./correlation";
export * from "./fleiss-gwet";
export * from "./horvitz-thompson";
export * from "./human-ceiling";
export * from "./kappa";
export * from "./kendall";
export * from "./multi-rater";
export * from "./ppi";
export * from "./proportions";
export * from "./random";
export * from "./sample-size";
