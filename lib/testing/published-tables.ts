/**
 * Published rating tables that the statistics' tests hold Gavel's numbers to (one copy, shared by
 * the tests of every statistic computed from them).
 */

// Fleiss (1971), Table 1: 30 patients, 6 psychiatrists each, 5 diagnoses (as counts; from statsmodels' `diagnoses`).
// Fleiss' kappa over it is 5437/12637.
export const FLEISS_1971 = [
  [0, 0, 0, 6, 0],
  [0, 3, 0, 0, 3],
  [0, 1, 4, 0, 1],
  [0, 0, 0, 0, 6],
  [0, 3, 0, 3, 0],
  [2, 0, 4, 0, 0],
  [0, 0, 4, 0, 2],
  [2, 0, 3, 1, 0],
  [2, 0, 0, 4, 0],
  [0, 0, 0, 0, 6],
  [1, 0, 0, 5, 0],
  [1, 1, 0, 4, 0],
  [0, 3, 3, 0, 0],
  [1, 0, 0, 5, 0],
  [0, 2, 0, 3, 1],
  [0, 0, 5, 0, 1],
  [3, 0, 0, 1, 2],
  [5, 1, 0, 0, 0],
  [0, 2, 0, 4, 0],
  [1, 0, 2, 0, 3],
  [0, 0, 0, 0, 6],
  [0, 1, 0, 5, 0],
  [0, 2, 0, 1, 3],
  [2, 0, 0, 4, 0],
  [1, 0, 0, 4, 1],
  [0, 5, 0, 1, 0],
  [4, 0, 0, 0, 2],
  [0, 2, 0, 4, 0],
  [1, 0, 5, 0, 0],
  [0, 0, 0, 0, 6],
];
