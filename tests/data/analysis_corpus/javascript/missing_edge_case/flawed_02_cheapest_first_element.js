// must: missing_edge_case
// must_not: *
function cheapest(prices) {
  let lowest = prices[0];
  for (const price of prices) {
    if (price < lowest) lowest = price;
  }
  return lowest;
}
