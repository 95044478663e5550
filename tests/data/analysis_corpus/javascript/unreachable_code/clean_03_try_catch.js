// must: none
// must_not: *
function parseOrNull(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return null;
  }
  return value;
}
