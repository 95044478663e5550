// must: none
// must_not: *
function fullName(first, last) {
  let name = first.trim();
  name += ' ' + last.trim();
  return name;
}
