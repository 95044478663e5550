// must: inefficient_string_building
// must_not: *
function sentence(words) {
  let out = '';
  for (let i = 0; i < words.length; i++) {
    out = out + words[i] + ' ';
  }
  return out.trim();
}
