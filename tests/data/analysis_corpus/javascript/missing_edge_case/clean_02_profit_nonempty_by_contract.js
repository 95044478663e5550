// must: none
// must_not: *
// problem: max-profit-single-trade
function maxProfit(prices) {
  let lowest = prices[0];
  let best = 0;
  for (const price of prices) {
    lowest = Math.min(lowest, price);
    best = Math.max(best, price - lowest);
  }
  return best;
}
