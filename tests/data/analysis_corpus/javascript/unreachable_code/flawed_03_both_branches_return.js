// must: unreachable_code
// must_not: *
function sign(value) {
  if (value >= 0) {
    return 1;
  } else {
    return -1;
  }
  return 0;
}
