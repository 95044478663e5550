// must: suboptimal_space_complexity, suboptimal_time_complexity
// must_not: *
// problem: max-profit-single-trade
function maxProfit(prices) {
  const profits = [];
  for (let buy = 0; buy < prices.length; buy++) {
    for (let sell = buy + 1; sell < prices.length; sell++) {
      profits.push(prices[sell] - prices[buy]);
    }
  }
  return profits.length ? Math.max(0, ...profits) : 0;
}
