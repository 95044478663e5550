// must: inefficient_string_building
// must_not: *
function toBinary(n) {
  if (n === 0) return '0';
  let digits = '';
  while (n > 0) {
    digits = String(n % 2) + digits;
    n = Math.floor(n / 2);
  }
  return digits;
}
