// must: suboptimal_time_complexity
// must_not: *
// problem: max-profit-single-trade
function maxProfit(prices) {
  let best = 0;
  for (let buy = 0; buy < prices.length; buy++) {
    for (let sell = buy + 1; sell < prices.length; sell++) {
      best = Math.max(best, prices[sell] - prices[buy]);
    }
  }
  return best;
}
