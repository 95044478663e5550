// must: inefficient_string_building
function repeatEach(s) {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    out = out + s[i] + s[i];
  }
  return out;
}
