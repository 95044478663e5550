// must: none
// must_not: *
function parseAll(texts) {
  return texts.map((text) => Number.parseInt(text, 10)).filter((value) => !Number.isNaN(value));
}
